import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { HEADER } from '@contract/common'

/**
 * The edge against the real server over 127.0.0.1 (docs/decisions/0022-server-edge.md): `server/main.ts` started as
 * `npm start` starts it, in a directory of its own so that its generated control secret file can be checked.
 */
const ROOT = resolve(__dirname, '..')
const PORT = Number(process.env.EDGE_TEST_PORT ?? 8401)
const ORIGIN = `http://127.0.0.1:${PORT}`
const MB = 1024 * 1024

let server: ChildProcess
let workDir: string
let stdout = ''

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

interface Upload {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
  /** From the first byte sent to the answer's headers. */
  ms: number
  /** Bytes written before the answer came. */
  sent: number
  /** The server's largest resident memory growth while it was being sent to, in bytes. */
  rssGrowth: number
}

/**
 * Sends up to `total` bytes (chunked, or with `Content-Length: total` when `announce`) over a raw socket, 64 KiB at a
 * time, and stops at the first byte of the answer, the way a hostile client pushes as long as the server reads.
 */
function upload(path: string, total: number, options: { headers?: Record<string, string>; announce?: boolean } = {}): Promise<Upload> {
  return new Promise((done, fail) => {
    const before = rssOf(server.pid!)
    let peak = before
    const watch = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid!))
    }, 5)
    const headers: Record<string, string> = { Host: `127.0.0.1:${PORT}`, 'Content-Type': 'application/json', ...options.headers }
    if (options.announce) headers['Content-Length'] = String(total)
    else headers['Transfer-Encoding'] = 'chunked'
    const socket = connect(PORT, '127.0.0.1')
    let started = performance.now()
    let sent = 0
    let ms = -1
    let answer = ''
    const chunk = Buffer.from(`${options.announce ? '' : '10000\r\n'}${'a'.repeat(0x10000)}${options.announce ? '' : '\r\n'}`)
    const finish = () => {
      clearInterval(watch)
      socket.destroy()
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      if (!status) return fail(new Error(`No answer after ${sent} bytes`))
      const lines = head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])
      done({ status, body, headers: Object.fromEntries(lines), ms, sent, rssGrowth: peak - before })
    }
    socket.on('data', (data: Buffer) => {
      if (ms < 0) ms = performance.now() - started
      answer += data.toString()
      // The whole (small) answer: its headers and a body of Content-Length.
      const length = /content-length: (\d+)/i.exec(answer)?.[1]
      const split = answer.indexOf('\r\n\r\n')
      if (split >= 0 && length !== undefined && Buffer.byteLength(answer.slice(split + 4)) >= Number(length)) finish()
    })
    socket.on('error', () => (ms < 0 ? fail(new Error(`The server closed the connection after ${sent} bytes without an answer`)) : finish()))
    socket.on('close', () => (ms >= 0 ? finish() : undefined))
    socket.once('connect', () => (started = performance.now()))
    socket.write(
      `POST ${path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    )
    const pump = () => {
      if (ms >= 0 || sent >= total || socket.destroyed) return
      sent += 0x10000
      if (socket.write(chunk)) setImmediate(pump)
      else socket.once('drain', pump)
    }
    pump()
  })
}

/**
 * The fastest of five uploads, with the largest memory growth of the five. On a shared machine a slow attempt is the
 * scheduler's time, not the edge's; a server that read the body first would need seconds in every attempt (9.5 s for
 * 300 MB before this edge).
 */
async function bestOf5(run: () => Promise<Upload>): Promise<Upload> {
  const runs = [await run(), await run(), await run(), await run(), await run()].sort((a, b) => a.ms - b.ms)
  if (process.env.EDGE_TEST_VERBOSE)
    console.log(runs.map((r) => `${r.status} ${r.ms.toFixed(1)} ms ${r.sent} B sent, RSS +${(r.rssGrowth / MB).toFixed(1)} MB`).join(', '))
  return { ...runs[0]!, rssGrowth: Math.max(...runs.map((r) => r.rssGrowth)) }
}

function errorEntity(text: string) {
  return ZApiErrorBody.parse(JSON.parse(text))
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'trust-edge-'))
  // tsx from this repository: the server runs in a directory of its own.
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
  server = spawn(process.execPath, ['--import', tsx, join(ROOT, 'server/main.ts')], {
    cwd: workDir,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SANDBOX_DB_PATH: join(workDir, 'sandbox.db'),
      SANDBOX_SEED_COUNT: '20',
      SERVE_SPA: 'off',
      SANDBOX_CONTROL_SECRET: '',
      ALLOWED_HOSTS: '',
      LOG_REQUESTS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  server.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const deadline = Date.now() + 45_000
  for (;;) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`The server did not start:\n${stdout}`)
    const healthy = await fetch(`${ORIGIN}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) break
    await new Promise((r) => setTimeout(r, 200))
  }
  // Warm the paths measured below, so that a lazy first compile is not counted as the edge's time.
  await upload('/api/ordering/v3/requests', 1)
  await upload('/auth/token', 1)
  await upload('/sandbox/control/maintenance', 1)
}, 60_000)

afterAll(() => {
  server?.kill('SIGTERM')
  rmSync(workDir, { recursive: true, force: true })
})

function controlSecret(): string {
  return readFileSync(join(workDir, '.data/control-secret'), 'utf8').trim()
}

describe('the real server refuses big bodies before reading them', () => {
  it('answers an unauthenticated 300 MB upload to the API 401 within 100 ms, with RSS growth under 20 MB', async () => {
    const answer = await bestOf5(() => upload('/api/ordering/v3/requests', 300 * MB, { headers: { Origin: ORIGIN } }))
    expect(answer.status).toBe(401)
    expect(errorEntity(answer.body).code).toBe(ERROR_CODE.missingCredentials)
    expect(answer.headers[HEADER.requestId.toLowerCase()]).toBeTruthy()
    expect(answer.ms).toBeLessThan(100)
    expect(answer.rssGrowth).toBeLessThan(20 * MB)
    expect(answer.sent).toBeLessThan(300 * MB)
  })

  it('answers one announced as 300 MB (Content-Length) 401 too, without waiting for it', async () => {
    const answer = await bestOf5(() => upload('/api/ordering/v3/requests', 300 * MB, { announce: true }))
    expect(answer.status).toBe(401)
    expect(answer.ms).toBeLessThan(100)
    expect(answer.rssGrowth).toBeLessThan(20 * MB)
  })

  it('refuses a 50 MB body to /auth/token fast: 413 when announced, 413 after 16 KiB when streamed', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'ordering-console' }
    const announced = await bestOf5(() => upload('/auth/token', 50 * MB, { headers: form, announce: true }))
    expect(announced.status).toBe(413)
    expect(JSON.parse(announced.body)).toMatchObject({ error: 'invalid_request' })
    expect(announced.ms).toBeLessThan(100)
    const streamed = await upload('/auth/token', 50 * MB, { headers: form })
    expect(streamed.status).toBe(413)
    expect(streamed.ms).toBeLessThan(500)
    expect(streamed.rssGrowth).toBeLessThan(20 * MB)
  })

  it('refuses a 50 MB body to /sandbox/control: 401 without the secret, 413 with it, never read whole', async () => {
    const anonymous = await bestOf5(() => upload('/sandbox/control/maintenance', 50 * MB))
    expect(anonymous.status).toBe(401)
    expect(anonymous.ms).toBeLessThan(100)
    const withSecret = await upload('/sandbox/control/maintenance', 50 * MB, { headers: { 'X-Sandbox-Control-Secret': controlSecret() } })
    expect(withSecret.status).toBe(413)
    expect(errorEntity(withSecret.body).code).toBe(ERROR_CODE.payloadTooLarge)
    expect(withSecret.ms).toBeLessThan(500)
    expect(withSecret.rssGrowth).toBeLessThan(20 * MB)
    const maintenance = await fetch(`${ORIGIN}/sandbox/ordering/v3/status`)
    expect(maintenance.status).toBe(200)
  })
})

describe('the real server answers only its hosts and its owner', () => {
  it('answers another Host (DNS rebinding) 421 with the error entity, even for the token endpoint of the sandbox', async () => {
    for (const path of ['/healthz', '/sandbox/control/clock', '/sandbox/oauth/v3/token']) {
      const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
        const req = httpRequest(`${ORIGIN}${path}`, { headers: { Host: `attacker.example:${PORT}` } }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => done({ status: res.statusCode!, body }))
        })
        req.on('error', fail)
        req.end()
      })
      expect(answer.status).toBe(421)
      expect(errorEntity(answer.body).description).toMatch(/does not answer for the host attacker\.example/)
    }
  })

  it('answers TRACE 405 with Allow and the error entity, not 502', async () => {
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(PORT, '127.0.0.1', () =>
        socket.end(`TRACE /api/ordering/v3/requests HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`),
      )
      let text = ''
      socket.on('data', (data: Buffer) => (text += data.toString()))
      socket.on('end', () => done(text))
      socket.on('error', fail)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 405 /)
    expect(answer).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i)
    expect(errorEntity(answer.split('\r\n\r\n')[1]!).code).toBe(ERROR_CODE.methodNotAllowed)
  })

  it('writes a generated control secret to .data/control-secret (0600) and prints it at start', () => {
    const secret = controlSecret()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(statSync(join(workDir, '.data/control-secret')).mode & 0o777).toBe(0o600)
    expect(stdout).toContain(`sandbox control secret (header X-Sandbox-Control-Secret): ${secret}`)
  })

  it('does nothing for a no-cors text/plain POST from another origin', async () => {
    const attack = await fetch(`${ORIGIN}/sandbox/control/maintenance`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
      body: '{"enabled":true}',
    })
    expect(attack.status).toBe(401)
    expect((await fetch(`${ORIGIN}/sandbox/ordering/v3/status`)).status).toBe(200)
  })

  it('logs one JSON line per call by default, with the route pattern and never the query', async () => {
    await fetch(`${ORIGIN}/sandbox/ordering/v3/requests?x-api-key=sandbox-api-key&secretish=abc123`)
    await new Promise((r) => setTimeout(r, 100))
    const lines = stdout.split('\n').filter((line) => line.startsWith('{'))
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged.length).toBeGreaterThan(5)
    for (const line of logged)
      expect(Object.keys(line).sort()).toEqual(expect.arrayContaining(['durationMs', 'method', 'requestId', 'route', 'status', 'time']))
    expect(stdout).not.toContain('abc123')
    expect(stdout).not.toContain('sandbox-api-key')
    expect(logged.some((line) => line.route === '/sandbox/ordering/v3/requests' && line.status === 401)).toBe(true)
  })
})
