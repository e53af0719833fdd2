import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { answerClientErrors, connectionLimits } from './shared/edge'

/** Where the start-up writes a generated control secret, for the e2e suite, the bench and people (0009). */
const CONTROL_SECRET_FILE = '.data/control-secret'

// React renders the list's first view in the gateway (docs/decisions/0026-first-view.md): its production build, not
// its development one (several times slower, with checks meant for a developer's console).
process.env.NODE_ENV ??= 'production'

function start() {
  let config
  try {
    // `npm start` logs one line per request unless LOG_REQUESTS=off (docs/decisions/0022-server-edge.md).
    config = loadConfig({ ...process.env, LOG_REQUESTS: process.env.LOG_REQUESTS || 'on' })
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { app, sandbox, controlSecret, warmFirstView, close } = buildApp(config)
  // A generated secret is written for whoever runs the tests on this machine, readable by this user only; a secret
  // given by SANDBOX_CONTROL_SECRET is the caller's and is not written anywhere.
  if (controlSecret && !config.SANDBOX_CONTROL_SECRET) {
    mkdirSync('.data', { recursive: true })
    writeFileSync(CONTROL_SECRET_FILE, `${controlSecret}\n`, { mode: 0o600 })
    chmodSync(CONTROL_SECRET_FILE, 0o600)
  }
  // Bounded headers and a bounded time to send a request, Node's own refusals answered as error entities (0022).
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: connectionLimits() }, (info) => {
    const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST
    console.log(`Ordering Console on http://${host}:${info.port}`)
    console.log(sandbox ? `  upstream: the sandbox (${config.SANDBOX_DB_PATH})` : `  upstream: ${config.ORDERING_UPSTREAM}`)
    console.log(`  hosts answered: ${config.allowedHosts.join(', ')}`)
    void warmFirstView()
    if (controlSecret) {
      const where = config.SANDBOX_CONTROL_SECRET ? 'from SANDBOX_CONTROL_SECRET' : `also in ${CONTROL_SECRET_FILE}`
      console.log(`  sandbox control secret (header X-Sandbox-Control-Secret): ${controlSecret} (${where})`)
    }
  })
  // Idle keep-alive connections outlive a load balancer's usual 60 s, so a client (or proxy) never reuses one the
  // server is closing at that moment and gets a reset instead of an answer.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    answerClientErrors(server)
  }
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
