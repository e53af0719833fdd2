import { it } from 'vitest'
import { buildApp } from './app'
import { loadConfig } from './config'
it('probe', async () => {
  for (const n of [600, 5000]) {
    const t = Date.now()
    const { app, close } = buildApp(loadConfig({ SANDBOX_DB_PATH: ':memory:', SERVE_SPA: 'off', SANDBOX_SEED_COUNT: String(n) }))
    console.log(n, 'build ms', Date.now() - t)
    const r = await app.request('/sandbox/control/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerId: 'C001' }) })
    const tok = (await r.json()).access_token
    const h = { 'x-api-key': 'sandbox-api-key', authorization: `Bearer ${tok}` }
    const l = await app.request('/sandbox/ordering/v3/requests?limit=2', { headers: h })
    console.log(l.status, [...l.headers.entries()], JSON.stringify(await l.json()).slice(0, 1500))
    const a = await app.request('/sandbox/ordering/v3/requests/aggregate', { headers: h })
    console.log(await a.json())
    const e = await app.request('/sandbox/ordering/v3/requests?limit=101', { headers: h })
    console.log(e.status, [...e.headers.entries()], await e.text())
    close()
  }
})
