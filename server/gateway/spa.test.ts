import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/test-app'
import { chooseEncoding } from './spa'

const ENTRY = '/assets/index-Ab12Cd34.js'
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `request ${i}`))};\n`

describe('the built SPA as the gateway serves it', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'spa-'))
    mkdirSync(join(dist, 'assets'))
    // As the build writes them (vite.config.ts, `precompressed`): the file and its Brotli and gzip copies.
    writeFileSync(join(dist, ENTRY), SCRIPT)
    writeFileSync(join(dist, `${ENTRY}.br`), brotliCompressSync(SCRIPT))
    writeFileSync(join(dist, `${ENTRY}.gz`), gzipSync(SCRIPT))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>Ordering Console</title><script>window.early = 1</script><script type="module" src="${ENTRY}"></script>`,
    )
    t = startTestApp({ SERVE_SPA: 'on', SPA_DIST: dist })
    token = await t.mintToken()
  })
  afterAll(() => t.close())

  it('sends the entry script in Brotli to a browser that accepts it, gzip to one that accepts only gzip, else as it is', async () => {
    const br = await t.fetch(ENTRY, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
    expect(br.status).toBe(200)
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    expect(br.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const brBody = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('Content-Length'))).toBe(brBody.length)
    expect(brotliDecompressSync(brBody).toString()).toBe(SCRIPT)

    const gz = await t.fetch(ENTRY, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    const gzBody = Buffer.from(await gz.arrayBuffer())
    expect(Number(gz.headers.get('Content-Length'))).toBe(gzBody.length)
    expect(gunzipSync(gzBody).toString()).toBe(SCRIPT)

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await t.fetch(ENTRY, { headers: accept ? { 'Accept-Encoding': accept } : {} })
      expect(plain.headers.get('Content-Encoding')).toBeNull()
      expect(plain.headers.get('Vary')).toBe('Accept-Encoding')
      expect(await plain.text()).toBe(SCRIPT)
      expect(Number(plain.headers.get('Content-Length'))).toBe(Buffer.byteLength(SCRIPT))
    }
  })

  it('answers a missing asset with a 404 that no cache keeps, never the home page', async () => {
    const missing = await t.fetch('/assets/index-OldBuild1.js', { headers: { 'Accept-Encoding': 'br' } })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Cache-Control')).toBe('no-store')
    expect(await missing.text()).not.toContain('<title>')
  })

  it('serves a robots.txt and the pages with the inline script allowed by its hash', async () => {
    const robots = await t.fetch('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(await robots.text()).toMatch(/^User-agent: \*$/m)
    const page = await t.fetch('/requests?status=NEW')
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('no-cache')
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    const again = await t.fetch('/requests', { headers: { 'If-None-Match': page.headers.get('ETag')! } })
    expect(again.status).toBe(304)
  })

  it('compresses the API’s large JSON answers for a client that accepts it, not the small ones', async () => {
    const cookie = await t.sessionCookie(token)
    const large = await t.fetch('/api/ordering/v3/requests?limit=100', { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' } })
    expect(large.status).toBe(200)
    expect(large.headers.get('Content-Encoding')).toBe('br')
    expect(large.headers.get('Vary')).toMatch(/Accept-Encoding/)
    expect(large.headers.get('X-Total-Count')).toMatch(/^\d+$/)
    const rows = JSON.parse(brotliDecompressSync(Buffer.from(await large.arrayBuffer())).toString()) as unknown[]
    expect(rows).toHaveLength(100)
    const plain = await t.fetch('/api/ordering/v3/requests?limit=100', { headers: { Cookie: cookie } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.json()).toHaveLength(100)
    const small = await t.fetch('/api/ordering/v3/requests?limit=1&fields=id', { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' } })
    expect(small.headers.get('Content-Encoding')).toBeNull()
  })
})

describe('chooseEncoding', () => {
  it('prefers br, then gzip, then identity, and honours q', () => {
    expect(chooseEncoding('gzip, br', ['br', 'gzip'])).toBe('br')
    expect(chooseEncoding('gzip, br;q=0.5', ['br', 'gzip'])).toBe('gzip')
    expect(chooseEncoding('br', ['gzip'])).toBe('identity')
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br')
    expect(chooseEncoding('*;q=0, gzip', ['br', 'gzip'])).toBe('gzip')
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBe('identity')
  })
})
