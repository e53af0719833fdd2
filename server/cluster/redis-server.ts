import { spawn, type ChildProcess } from 'node:child_process'
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

export interface RedisProcess {
  port: number
  url: string
  process: ChildProcess
  /** Stops it (SIGTERM, then SIGKILL after 2 s) and resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * Starts a private redis-server on 127.0.0.1:`port` with no persistence (`--save '' --appendonly no`), for the
 * cluster script and the tests; resolves once it accepts connections.
 */
export async function startRedis(port?: number): Promise<RedisProcess> {
  const chosen = port ?? (await freePort())
  const child = spawn(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
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
