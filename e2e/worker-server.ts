import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The real server (built SPA, gateway, sandbox) of one Playwright worker, on its own port and its own fresh database:
 * what one worker's tests do to the sandbox (faults, maintenance, token lifetimes, new requests) never reaches
 * another worker's, so the spec files run in parallel (playwright.config.ts).
 */
export interface WorkerServer {
  url: string
  stop(): Promise<void>
}

const STARTUP_MS = 90_000

/** The sandbox dialect a Playwright project runs against (docs/decisions/0029-second-dialect.md), a worker option. */
export type SandboxDialect = 'default' | 'alternate'
export interface DialectOption {
  dialect: SandboxDialect
}

/** What the server needs to be the alternate operator: the sandbox's dialect, and the gateway's profile of it. */
const DIALECT_ENV: Record<SandboxDialect, Record<string, string>> = {
  default: {},
  alternate: { SANDBOX_DIALECT: 'alternate', OPERATOR_PROFILE: 'server/sandbox/dialects/alternate.profile.json' },
}

export async function startWorkerServer(port: number, controlSecret: string, dialect: SandboxDialect = 'default'): Promise<WorkerServer> {
  const database = join(tmpdir(), `ordering-console-e2e-${process.pid}-${port}-${Date.now()}.db`)
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB_PATH: database,
      SESSION_DB_PATH: ':memory:',
      SANDBOX_CONTROL_SECRET: controlSecret,
      ALLOWED_HOSTS: `127.0.0.1:${port},localhost:${port}`,
      ...DIALECT_ENV[dialect],
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await waitUntilHealthy(url, child)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`The e2e server on port ${port} did not start: ${(error as Error).message}\n${stderr}`, { cause: error })
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))])
      if (!stopped) child.kill('SIGKILL')
      for (const file of [database, `${database}-wal`, `${database}-shm`]) rmSync(file, { force: true })
    },
  }
}

async function waitUntilHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + STARTUP_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no answer from ${url}/healthz within ${STARTUP_MS / 1000} s`)
}
