import { serve } from '@hono/node-server'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'

function start() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { app, sandbox, close } = buildApp(config)
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST
    console.log(`Ordering Console on http://${host}:${info.port}`)
    console.log(sandbox ? `  upstream: the sandbox (${config.SANDBOX_DB_PATH})` : `  upstream: ${config.ORDERING_UPSTREAM}`)
  })
  const stop = () => {
    server.close(() => {
      close()
      process.exit(0)
    })
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

start()
