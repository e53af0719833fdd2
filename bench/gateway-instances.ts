/**
 * The gateway's page throughput per instance, with and without Redis (docs/decisions/0021-many-instances.md): one
 * gateway (server/main.ts) in front of the sandbox over HTTP, as `npm run start:cluster` runs them, loaded with
 * autocannon on a page of 20 through /api/ordering/v3. With Redis, every call also counts against the shared
 * throttle budget there (set far above the load, so that it measures the cost of the counters, not their limit);
 * without, the same budget is kept in memory. Only 127.0.0.1 is contacted.
 */
import autocannon from 'autocannon'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sessionFromTokens } from '../server/gateway/auth/session'
import { CONTROL_SECRET_HEADER, startCluster, storedSessionCookie } from '../server/cluster/cluster'
import { freePort } from '../server/cluster/redis-server'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RESULTS_FILE = join(ROOT, 'bench', 'results', 'gateway-instances.json')
const PAGE = '/api/ordering/v3/requests?status=IN_PROGRESS&sort=-createdAt&limit=20'
const SECRET = 'bench-session-secret-0123456789abcdef-0123456789'

export interface GatewayInstanceFigures {
  withRedis: boolean
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
}

async function measureOne(options: { dbPath: string; duration: number; connections: number; withRedis: boolean }): Promise<GatewayInstanceFigures> {
  const sessionDb = `${options.dbPath}.sessions`
  const cluster = await startCluster({
    port: await freePort(),
    instances: 1,
    sessionSecrets: SECRET,
    sandboxEnv: { SANDBOX_DB_PATH: options.dbPath, SANDBOX_SPIKE_ARREST_PER_SECOND: '0', SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '0' },
    // The budget on, far above what one machine can send: the figure is the counters' cost, not the limit's.
    gatewayEnv: { SERVE_SPA: 'off', OPERATOR_REQUESTS_PER_SECOND: '1000000', ...(options.withRedis ? {} : { REDIS_URL: '', SESSION_DB_PATH: sessionDb }) },
    startTimeoutMs: 120_000,
  })
  try {
    const minted = await fetch(`${cluster.sandbox.url}/sandbox/control/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', [CONTROL_SECRET_HEADER]: cluster.controlSecret },
      body: JSON.stringify({ customerId: 'C001', subjectId: 'U001', ttlSeconds: 3600 }),
    })
    if (!minted.ok) throw new Error(`The sandbox minted no token: ${minted.status} ${await minted.text()}`)
    const { access_token: accessToken } = (await minted.json()) as { access_token: string }
    const session = sessionFromTokens({ token_type: 'Bearer', access_token: accessToken, expires_in: 3600 }, Math.floor(Date.now() / 1000), {
      sub: 'U001',
      scope: 'b2b:ordering',
    })
    const cookie = await storedSessionCookie(options.withRedis ? { redisUrl: cluster.redis.url } : { sqlitePath: sessionDb }, SECRET, session)
    const gateway = cluster.gateways[0]!
    const check = await fetch(`${gateway.url}${PAGE}`, { headers: { Cookie: cookie } })
    if (check.status !== 200) throw new Error(`The gateway answered ${check.status}: ${await check.text()}`)
    const result = await autocannon({
      url: `${gateway.url}${PAGE}`,
      connections: options.connections,
      duration: options.duration,
      headers: { Cookie: cookie, Accept: 'application/json' },
    })
    return {
      withRedis: options.withRedis,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    }
  } finally {
    await cluster.stop()
  }
}

/** Runs both measurements on `dbPath` (the bench's seeded sandbox), prints them and writes bench/results/gateway-instances.json. */
export async function benchGatewayInstances(options: { dbPath: string; duration: number; connections: number }): Promise<GatewayInstanceFigures[]> {
  const figures: GatewayInstanceFigures[] = []
  for (const withRedis of [false, true]) {
    process.stdout.write(`(g) one gateway instance ${withRedis ? 'with' : 'without'} Redis, ${options.connections} connections, ${options.duration} s… `)
    const measured = await measureOne({ ...options, withRedis })
    figures.push(measured)
    console.log(
      `${measured.requestsPerSecond} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms${measured.non2xx || measured.errors ? `, ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''}`,
    )
  }
  mkdirSync(dirname(RESULTS_FILE), { recursive: true })
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ at: new Date().toISOString(), page: PAGE, ...options, figures }, null, 2)}\n`)
  return figures
}
