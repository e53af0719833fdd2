import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { startCluster } from './cluster'

/**
 * `npm run start:cluster` (docs/decisions/0021-many-instances.md): builds the SPA once, then starts Debian's
 * redis-server (append-only, in REDIS_DIR, .data/redis by default: the sessions live there, 0031), one sandbox and GATEWAY_INSTANCES gateways (default 2) on PORT, PORT+1, …, all with
 * the same REDIS_URL and SESSION_SECRETS. Ctrl-C stops every process it started, Redis included.
 *
 * Environment: PORT (8080), GATEWAY_INSTANCES (2), SANDBOX_PORT and REDIS_PORT (free ports when unset), REDIS_DIR,
 * SESSION_SECRETS (generated for the run when unset), SANDBOX_CONTROL_SECRET (generated when unset), and
 * SANDBOX_DB_PATH and the other SANDBOX_* variables for the sandbox.
 */
async function main() {
  const port = Number(process.env.PORT ?? 8080)
  const instances = Number(process.env.GATEWAY_INSTANCES ?? 2)
  if (!Number.isInteger(port) || port <= 0 || !Number.isInteger(instances) || instances < 1) {
    console.error('PORT must be a port and GATEWAY_INSTANCES a whole number of 1 or more.')
    process.exit(1)
  }
  if (process.env.SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const cluster = await startCluster({
    port,
    instances,
    ...(process.env.SANDBOX_PORT ? { sandboxPort: Number(process.env.SANDBOX_PORT) } : {}),
    ...(process.env.REDIS_PORT ? { redisPort: Number(process.env.REDIS_PORT) } : {}),
    redisDir: resolve(process.env.REDIS_DIR || '.data/redis'),
    ...(process.env.SESSION_SECRETS ? { sessionSecrets: process.env.SESSION_SECRETS } : {}),
    ...(process.env.SANDBOX_CONTROL_SECRET ? { controlSecret: process.env.SANDBOX_CONTROL_SECRET } : {}),
    output: 'inherit',
  })
  console.log(`\nOrdering Console cluster: ${instances} gateway instance(s) sharing ${cluster.redis.url}`)
  for (const gateway of cluster.gateways) console.log(`  ${gateway.name}: http://localhost:${gateway.port}`)
  console.log(`  sandbox (the operator): ${cluster.sandbox.url}/sandbox (control secret: ${cluster.controlSecret})`)
  console.log('Put any load balancer in front of the gateway ports; Ctrl-C stops everything.')
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void cluster.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // A gateway or the sandbox that dies takes the cluster down, rather than leaving half of it serving.
  for (const child of [cluster.sandbox, ...cluster.gateways]) {
    child.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`${child.name} exited (${code}); stopping the cluster.`)
        stop()
      }
    })
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
