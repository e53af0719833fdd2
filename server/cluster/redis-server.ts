import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'

/** Debian's redis-server (.ci/run installs it when missing); never the system one on 6379. */
export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server'

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** `count` consecutive free ports (PORT, PORT+1… for a cluster's instances). */
export async function consecutivePorts(count: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000)
    const free = await Promise.all([...Array(count)].map((_, i) => listen(base + i)))
    if (free.every(Boolean)) return base
  }
  throw new Error('No consecutive free ports')
}

export interface RedisProcess {
  port: number
  url: string
  process: ChildProcess
  /** Stops it (SIGTERM, then SIGKILL after 2 s) and resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * Starts a private redis-server on 127.0.0.1:`port`, for the cluster script and the tests; resolves once it accepts
 * connections. With `dir`, append-only persistence in that folder, each write on disk before it is answered
 * (`--appendonly yes --appendfsync always`): sessions and sign-outs survive a kill -9
 * (docs/decisions/0031-server-side-sessions.md). Without, no persistence (`--save '' --appendonly no`).
 */
export async function startRedis(port?: number, options: { dir?: string } = {}): Promise<RedisProcess> {
  const chosen = port ?? (await freePort())
  if (options.dir) mkdirSync(options.dir, { recursive: true })
  const persistence = options.dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.dir] : ['--appendonly', 'no']
  const child = spawn(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', ...persistence, '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${chosen} within 5 s:\n${output}`)), 5_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited (${code}):\n${output}`))
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
  child.stdout!.resume()
  child.stderr!.resume()
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const kill = setTimeout(() => child.kill('SIGKILL'), 2_000)
        child.once('exit', () => {
          clearTimeout(kill)
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}
