import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { createClient } from 'redis'
import { SESSION_COOKIE, SessionCookies, type Session } from '../gateway/auth/session'
import { redisSessionStore, ServerSessions, sqliteSessionStore } from '../gateway/auth/session-store'
import { redisHealth, type RedisClient } from '../gateway/redis-store'
import { freePort, startRedis, type RedisProcess } from './redis-server'

/**
 * Several gateway instances on one shared store (docs/decisions/0021-many-instances.md), on one machine: a private
 * redis-server, one sandbox (the operator, reached over HTTP as a real one would be) and GATEWAY_INSTANCES processes
 * that are each exactly what `npm start` runs (server/main.ts), on PORT, PORT+1, …, with the same REDIS_URL and
 * session secrets. Used by `npm run start:cluster` and by the cluster tests.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAIN = 'server/main.ts'
/** The sandbox application's credentials and keys (server/config.ts defaults), which the gateways use as a real operator's. */
export const SANDBOX_CLIENT = {
  id: 'ordering-console-sandbox',
  secret: 'sandbox-client-secret-0123456789abcdef',
  apiKey: 'sandbox-api-key',
  cloudApiKey: 'sandbox-cloud-api-key',
  /** The sandbox application's customer (server/sandbox/seed.ts), whose people see the cloud lists. */
  customerId: 'C001',
}
export const CONTROL_SECRET_HEADER = 'X-Sandbox-Control-Secret'

export interface ClusterOptions {
  /** First gateway port; instance i listens on port + i. */
  port: number
  instances: number
  /** The sandbox's port (a free one when absent). */
  sandboxPort?: number
  /** Redis's port (a free one when absent). */
  redisPort?: number
  /** Redis's append-only files go here (sessions survive a restart, 0031); none are kept when absent. */
  redisDir?: string
  /** `new,old…`; generated for the run when absent. */
  sessionSecrets?: string
  /** The sandbox control endpoint's secret (sent as X-Sandbox-Control-Secret); generated when absent. */
  controlSecret?: string
  /** Extra environment for the sandbox and for every gateway. */
  sandboxEnv?: Record<string, string>
  gatewayEnv?: Record<string, string>
  /** More redirect URIs the sandbox accepts (tests that sign in directly). */
  extraRedirectUris?: string[]
  /** Where the processes' output goes: inherited (the script) or kept (tests). */
  output?: 'inherit' | 'keep'
  /** How long each process has to answer /healthz. */
  startTimeoutMs?: number
}

export interface ManagedProcess {
  name: string
  port: number
  url: string
  child: ChildProcess
  /** Its stdout and stderr so far (with output 'keep'). */
  output(): string
  stop(): Promise<void>
}

export interface Cluster {
  redis: RedisProcess
  sandbox: ManagedProcess
  gateways: ManagedProcess[]
  sessionSecrets: string
  controlSecret: string
  /** Starts gateway `index` again (after stop), with `env` over its first environment (a rotated SESSION_SECRETS). */
  restartGateway(index: number, env?: Record<string, string>): Promise<ManagedProcess>
  stop(): Promise<void>
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Resolves once the process answers GET /healthz; throws with its output if it exits or takes longer than `timeoutMs`. */
export async function waitHealthy(processInfo: ManagedProcess, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (processInfo.child.exitCode !== null) throw new Error(`${processInfo.name} exited (${processInfo.child.exitCode}):\n${processInfo.output()}`)
    try {
      const response = await fetch(`${processInfo.url}/healthz`, { signal: AbortSignal.timeout(1_000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > end) throw new Error(`${processInfo.name} did not answer /healthz within ${timeoutMs} ms:\n${processInfo.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** `node --import tsx server/main.ts`, the server `npm start` runs, with `env` over this process's environment. */
export function startServer(name: string, port: number, env: Record<string, string>, output: 'inherit' | 'keep'): ManagedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  if (output === 'keep') {
    const keep = (chunk: Buffer) => {
      // The last 200 kB is enough to see why a process failed.
      text = (text + chunk.toString()).slice(-200_000)
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
  }
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => text, stop: () => stopChild(child) }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const output = options.output ?? 'keep'
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const sessionSecrets = options.sessionSecrets ?? randomBytes(32).toString('base64url')
  const controlSecret = options.controlSecret ?? randomBytes(24).toString('base64url')
  const redis = await startRedis(options.redisPort, options.redisDir ? { dir: options.redisDir } : {})
  const started: ManagedProcess[] = []
  const stopAll = async () => {
    await Promise.all(started.map((p) => p.stop()))
    await redis.stop()
  }
  try {
    const sandboxPort = options.sandboxPort ?? (await freePort())
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`
    const gatewayPorts = [...Array(options.instances)].map((_, i) => options.port + i)
    const redirectUris = gatewayPorts.flatMap((port) => [`http://localhost:${port}/auth/callback`, `http://127.0.0.1:${port}/auth/callback`])
    // The sandbox: only the operator (its control endpoint on, no SPA), with its ID tokens' issuer at its own address.
    const sandbox = startServer(
      'sandbox',
      sandboxPort,
      {
        ORDERING_UPSTREAM: 'sandbox',
        SERVE_SPA: 'off',
        SANDBOX_ISSUER_BASE: sandboxUrl,
        SANDBOX_REDIRECT_URIS: [...redirectUris, ...(options.extraRedirectUris ?? [])].join(','),
        SANDBOX_CONTROL_SECRET: controlSecret,
        ...options.sandboxEnv,
      },
      output,
    )
    started.push(sandbox)
    await waitHealthy(sandbox, startTimeoutMs)

    // Each gateway sees the sandbox as a real operator (server/config.ts: a URL upstream needs these).
    const gatewayEnv: Record<string, string> = {
      ORDERING_UPSTREAM: `${sandboxUrl}/sandbox/ordering/v3`,
      ORDERING_API_KEY: SANDBOX_CLIENT.apiKey,
      OIDC_BASE_URL: `${sandboxUrl}/sandbox`,
      OIDC_CLIENT_ID: SANDBOX_CLIENT.id,
      OIDC_CLIENT_SECRET: SANDBOX_CLIENT.secret,
      SESSION_SECRETS: sessionSecrets,
      MOBILE_CONNECT_DISCOVERY_URL: `${sandboxUrl}/sandbox`,
      CLOUD_UPSTREAM: `${sandboxUrl}/sandbox/cloud/v1`,
      CLOUD_API_KEY: SANDBOX_CLIENT.cloudApiKey,
      CLOUD_CUSTOMER_ID: SANDBOX_CLIENT.customerId,
      REDIS_URL: redis.url,
      ...options.gatewayEnv,
    }
    const gateways = gatewayPorts.map((port, i) => startServer(`gateway-${i + 1}`, port, gatewayEnv, output))
    started.push(...gateways)
    await Promise.all(gateways.map((gateway) => waitHealthy(gateway, startTimeoutMs)))

    return {
      redis,
      sandbox,
      gateways,
      sessionSecrets,
      controlSecret,
      async restartGateway(index, env = {}) {
        const previous = gateways[index]!
        await previous.stop()
        const next = startServer(previous.name, previous.port, { ...gatewayEnv, ...env }, output)
        started.push(next)
        gateways[index] = next
        await waitHealthy(next, startTimeoutMs)
        return next
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/**
 * A Cookie header that signs `session` in on every gateway sharing `store` (the cluster's Redis, or one instance's
 * SESSION_DB_PATH), written straight into the session store as a sign-in through /auth/token would
 * (docs/decisions/0031-server-side-sessions.md): for tests and the bench that skip the sign-in screens.
 */
export async function storedSessionCookie(
  store: { redisUrl: string } | { sqlitePath: string },
  secrets: string | readonly string[],
  session: Session,
): Promise<string> {
  const client: RedisClient | null = 'redisUrl' in store ? createClient({ url: store.redisUrl }) : null
  await client?.connect()
  const sessions = new ServerSessions(
    client ? redisSessionStore(client, redisHealth(client)) : sqliteSessionStore((store as { sqlitePath: string }).sqlitePath),
  )
  try {
    return `${SESSION_COOKIE}=${await new SessionCookies(secrets, Date.now, sessions).sealSession(session)}`
  } finally {
    sessions.close()
    await client?.close()
  }
}
