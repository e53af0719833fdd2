import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody, ZOAuthErrorBody } from '@contract/error'
import { buildApp } from './app'
import { loadConfig } from './config'
import { answerClientErrors, connectionLimits } from './shared/edge'
import { OPERATOR_ENV, startTestApp } from '../test/test-app'

/**
 * Answers at the edge that were not error entities, or not bounded (docs/decisions/0022-server-edge.md): Node's own
 * refusals (headers too large, a request too slow), the mobile sign-in without its cookie, unknown /auth addresses,
 * and the build's own files.
 */

const folder = mkdtempSync(join(tmpdir(), 'oc-edge-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Sends `raw` over a socket and reads everything until the server closes it; with how long it took. */
function exchange(port: number, raw: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve({ text, ms: Date.now() - started }))
    socket.write(raw)
  })
}

function parsed(text: string) {
  const [head, body] = text.split('\r\n\r\n')
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head!)?.[1])
  const requestId = new RegExp(`^${HEADER.requestId}: (.+)$`, 'im').exec(head!)?.[1]
  return { status, requestId, body: ZApiErrorBody.parse(JSON.parse(body!)) }
}

describe('the Node server’s own limits (server/main.ts)', () => {
  const TIMEOUT_MS = 500
  const start = () =>
    new Promise<{ port: number; close: () => void }>((resolve) => {
      const app = new Hono().all('*', async (c) => c.text(await c.req.text()))
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: connectionLimits(TIMEOUT_MS) }, (info: AddressInfo) =>
        resolve({ port: info.port, close: () => server.close() }),
      ) as Server
      answerClientErrors(server, TIMEOUT_MS)
    })

  it('headers over 16 KB: 431 with the error entity and a request id, then the connection is closed', async () => {
    const server = await start()
    try {
      const { text } = await exchange(server.port, `GET /?${'q'.repeat(100)} HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`)
      const answer = parsed(text)
      expect(answer.status).toBe(431)
      expect(answer.requestId).toBeTruthy()
      expect(answer.body.description).toMatch(/larger than the 16384 bytes/)
      const longUrl = parsed((await exchange(server.port, `GET /${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).text)
      expect(longUrl.status).toBe(431)
    } finally {
      server.close()
    }
  })

  it('a body that never comes: 408 with the error entity once the request time is over, then the connection is closed', async () => {
    const server = await start()
    try {
      const { text, ms } = await exchange(server.port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789')
      const answer = parsed(text)
      expect(answer.status).toBe(408)
      expect(answer.requestId).toBeTruthy()
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
      expect(ms).toBeLessThan(TIMEOUT_MS + 2_000)
    } finally {
      server.close()
    }
  })

  it('bounds every request at 30 s and headers at 16 KB by default', () => {
    expect(connectionLimits()).toMatchObject({ requestTimeout: 30_000, headersTimeout: 30_000, maxHeaderSize: 16 * 1024 })
  })
})

describe('the gateway’s own answers under /auth and the build', () => {
  it('GET /auth/mobile/pending without its cookie: an error entity with a request id', async () => {
    const t = startTestApp()
    const response = await t.fetch('/auth/mobile/pending')
    expect(response.status).toBe(404)
    expect(response.headers.get(HEADER.requestId)).toBeTruthy()
    expect(ZOAuthErrorBody.parse(await response.json()).error).toBe('invalid_request')
    t.close()
  })

  const withSpa = () => {
    const dist = join(folder, 'dist')
    mkdirSync(join(dist, '.vite'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/main.js"}}')
    return buildApp(loadConfig({ ...OPERATOR_ENV, SERVE_SPA: 'on', SPA_DIST: dist, SPA_SERVER_DIST: join(folder, 'none') }))
  }

  it('unknown /auth addresses are a 404 entity, not the SPA’s page; the two callback pages still are the SPA’s', async () => {
    const built = withSpa()
    for (const path of ['/auth/nowhere', '/auth/mobile/nowhere', '/auth/callback/more']) {
      const response = await built.app.request(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get(HEADER.requestId)).toBeTruthy()
      expect(ZApiErrorBody.parse(await response.json()).code).toBe(ERROR_CODE.notFound)
    }
    for (const path of ['/auth/callback', '/auth/mobile/callback']) {
      const response = await built.app.request(`${path}?code=x&state=y`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    }
    built.close()
  })

  it('does not serve the build manifest (it lists the source modules) nor any dot file', async () => {
    const built = withSpa()
    for (const path of ['/.vite/manifest.json', '/.vite/', '/assets/.hidden']) {
      const response = await built.app.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).not.toContain('src/main.tsx')
    }
    built.close()
  })
})
