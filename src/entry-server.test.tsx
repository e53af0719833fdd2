import { describe, expect, it } from 'vitest'
import type { FirstViewAnswer, FirstViewPrefs } from '@contract/first-view'
import { LIST_STORAGE_KEYS } from '@contract/first-view'
import { firstViewCalls, MAX_WAITING_RENDERS, renderFirstView } from './entry-server'

// The list's first view as the gateway renders it in Node (docs/decisions/0026-first-view.md); the gateway's side is in
// server/gateway/first-view.test.ts, the whole path in e2e/first-view.spec.ts.

const url = new URL('http://console.example/requests?status=IN_PROGRESS&sort=-createdAt')
const session = { sub: 'alice', expiresAt: Math.floor(Date.now() / 1000) + 3600 }
const json = (body: unknown, headers: Record<string, string> = {}): FirstViewAnswer => ({
  status: 200,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
const row = {
  id: 'REQ12345678',
  name: 'Fibre – <Lyon> HQ',
  customerReference: 'PO-1',
  status: 'IN_PROGRESS',
  step: 'DELIVERY',
  isOverdue: false,
  keyDates: { requestedAt: '2026-12-10' },
  type: 'INTERNET_ACCESS',
  createdAt: '2026-11-20T23:30:00.000Z',
}
const catalogItem = {
  id: 'item-1',
  type: 'INTERNET_ACCESS',
  name: 'Accès internet',
  description: '',
  category: 'creation',
  variant: 'createRequestsGeneric',
  schema: {},
  createdAt: '2026-01-01T00:00:00.000Z',
}

function answersFor(prefs: FirstViewPrefs): Record<string, FirstViewAnswer> {
  const [list, catalog] = firstViewCalls(url, prefs)
  return {
    '/auth/session': json({ ...session, method: 'password' }),
    [list!]: json([row], { 'X-Total-Count': '1', 'X-Result-Count': '1', 'X-OAPI-Request-Id': 'r-1' }),
    [catalog!]: json([catalogItem], { 'X-Total-Count': '1', 'X-Result-Count': '1' }),
  }
}

describe('the list’s first view', () => {
  it('asks for the page’s first calls at the addresses its loader builds, with the columns the browser keeps', () => {
    const stored = { [LIST_STORAGE_KEYS.columns]: JSON.stringify(['id', 'status']) }
    const [list, catalog] = firstViewCalls(url, { language: 'en', timeZone: 'UTC', storage: stored })
    expect(new URL(list!, url).searchParams.get('fields')).toBe('id,status,step,subStep,isOverdue,keyDates')
    expect(new URL(list!, url).searchParams.get('status')).toBe('IN_PROGRESS')
    expect(catalog).toBe('/api/ordering/v3/catalogItems?limit=100')
    // A saved or shared view's own columns come first, as the list shows them.
    const shared = new URL('http://console.example/requests?columns=id,name')
    const sharedFields = new URL(firstViewCalls(shared, { language: 'en', timeZone: 'UTC', storage: stored })[0]!, url).searchParams.get('fields')
    expect(sharedFields?.split(',')).toContain('name')
  })

  it('is the page with its rows, in the browser’s language and time zone, its text escaped', async () => {
    const prefs: FirstViewPrefs = { language: 'fr', timeZone: 'Europe/Paris', storage: {} }
    const html = await renderFirstView({ url, prefs, session, answers: answersFor(prefs) })
    expect(html).toContain('<h1>Demandes</h1>')
    expect(html).toContain('href="/requests/REQ12345678"')
    expect(html).toContain('Fibre – &lt;Lyon&gt; HQ')
    // The catalog's name for the type, and 23:30 UTC on the 20th is the 21st in Paris.
    expect(html).toContain('Accès internet')
    expect(html).toMatch(/21 nov\. 2026,? 00:30/)
  })

  it('is not made when a call failed, and renders again after', async () => {
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    const answers = answersFor(prefs)
    const [list] = firstViewCalls(url, prefs)
    answers[list!] = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"not":"a list"}' }
    expect(await renderFirstView({ url, prefs, session, answers })).toBeNull()
    expect(await renderFirstView({ url, prefs, session, answers: answersFor(prefs) })).toContain('REQ12345678')
  })

  it('makes no more than a few renders wait: past them the page renders itself', async () => {
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    const made = await Promise.all(Array.from({ length: MAX_WAITING_RENDERS + 5 }, () => renderFirstView({ url, prefs, session, answers: answersFor(prefs) })))
    expect(made.filter((html) => html !== null)).toHaveLength(MAX_WAITING_RENDERS)
  })
})
