import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/test-app'

describe('/api, the SPA’s page about the API', () => {
  let t: TestApp
  beforeAll(() => {
    const dist = mkdtempSync(join(tmpdir(), 'spa-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ordering Console</title>')
    t = startTestApp({ SERVE_SPA: 'on', SPA_DIST: dist })
  })
  afterAll(() => t.close())

  it('is the SPA’s page, while every address under /api/ stays an API address', async () => {
    const page = await t.fetch('/api')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Ordering Console</title>')
    const unknown = await t.fetch('/api/nowhere')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 60 })
    expect((await t.fetch('/api', { method: 'POST', body: '{}' })).status).toBe(404)
  })
})
