import { beforeAll, describe, expect, it } from 'vitest'
import type { FirstViewAnswer, FirstViewPrefs } from '@contract/first-view'
import { LIST_STORAGE_KEYS } from '@contract/first-view'
import { firstViewPages, MAX_WAITING_RENDERS, renderFirstView } from './entry-server'

// A page's first view as the gateway renders it in Node (docs/decisions/0026-first-view.md); the gateway's side is in
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

/** The gateway as the render reads it: the list, the catalog and the counts, each address asked noted. */
function operator(answer: (address: string) => FirstViewAnswer | undefined = () => undefined) {
  const asked: string[] = []
  const ask = async (address: string): Promise<FirstViewAnswer> => {
    asked.push(address)
    const given = answer(address)
    if (given) return given
    const path = new URL(address, url).pathname
    if (path === '/api/ordering/v3/requests') return json([row], { 'X-Total-Count': '1', 'X-Result-Count': '1', 'X-OAPI-Request-Id': 'r-1' })
    if (path === '/api/ordering/v3/catalogItems') return json([catalogItem], { 'X-Total-Count': '1', 'X-Result-Count': '1' })
    if (path === '/api/ordering/v3/requests/aggregate') return json({ IN_PROGRESS: 12, COMPLETED: 30, ON_HOLD: 2 })
    return { status: 404, headers: {}, body: '' }
  }
  return { ask, asked }
}

describe('a page’s first view', () => {
  // The first render loads the pages' code and messages, which may take longer than a render waits on a busy machine:
  // done once before, as the gateway does at start (FirstView.warm).
  beforeAll(async () => {
    for (const path of ['/requests', '/'])
      await renderFirstView({ url: new URL(path, url), prefs: { language: 'en', timeZone: 'UTC', storage: {} }, session, ask: operator().ask })
  }, 60_000)

  it('is the list and the dashboard, each with its route’s module, and a catalog item’s form with the code it loads', () => {
    expect(firstViewPages).toEqual([
      { path: '/requests', module: 'src/app/routes/requests.tsx' },
      { path: '/', module: 'src/app/routes/home.tsx' },
      { path: '/requests/new', module: 'src/app/routes/new-request.tsx', loads: ['src/features/create-request/components/create-request-page.tsx'] },
    ])
  })

  it('is a catalog item’s form that works before the page’s code, with the answers the page reads first: the item and the account', async () => {
    const me = { id: 'alice', customer: { id: 'C1', name: 'Acme' }, scopes: ['b2b:ordering'] }
    const { ask, asked } = operator((address) => {
      const path = new URL(address, url).pathname
      if (path === '/api/ordering/v3/catalogItems/item-1') return json(catalogItem)
      if (path === '/api/ordering/v3/me') return json(me)
      return undefined
    })
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    const made = await renderFirstView({ url: new URL('http://console.example/requests/new?item=item-1'), prefs, session, ask })
    // The HTML's own form: marked for the early start, its fields named as the page's, its send button live, no file to
    // choose before the code, and the sentence said when a send is held (src/lib/view-input.ts).
    const view = made!.view
    expect(view).toMatch(/<form [^>]*data-before-code="" data-locale="en-GB" method="post"/)
    expect(view).toContain('name="customerReference"')
    expect(view).toMatch(/<button type="submit" class="button">Send the request<\/button>/)
    expect(view).toContain('data-send-held-note="Your request will be sent as soon as the page has finished loading: stay on this page."')
    // Its date in the order of the browser's locale, as the cookie gives it (British English without one).
    expect(view).toContain('placeholder="dd/mm/yyyy"')
    const american = await renderFirstView({
      url: new URL('http://console.example/requests/new?item=item-1'),
      prefs: { ...prefs, locale: 'en-US' },
      session,
      ask: operator((address) => (new URL(address, url).pathname === '/api/ordering/v3/catalogItems/item-1' ? json(catalogItem) : undefined)).ask,
    })
    expect(american?.view).toMatch(/data-locale="en-US"/)
    expect(american?.view).toContain('placeholder="mm/dd/yyyy"')
    expect(asked).toContain('/api/ordering/v3/catalogItems/item-1')
    expect(asked).toContain('/api/ordering/v3/me')
    expect(Object.keys(made!.answers).sort()).toEqual([...asked].sort())
    // An item that cannot be read leaves the page to ask for itself, as a list that failed does.
    const failing = operator((address) =>
      new URL(address, url).pathname.startsWith('/api/ordering/v3/catalogItems/') ? { status: 503, headers: {}, body: '' } : undefined,
    )
    expect(await renderFirstView({ url: new URL('http://console.example/requests/new?item=item-1'), prefs, session, ask: failing.ask })).toBeNull()
  }, 60_000)

  it('is no form started from a request, nor the chooser: those render in the browser', async () => {
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    for (const address of ['/requests/new', '/requests/new?action=modify&from=REQ12345678&item=CI-1']) {
      const { ask, asked } = operator()
      expect(await renderFirstView({ url: new URL(address, url), prefs, session, ask }), address).toBeNull()
      expect(asked, address).toEqual([])
    }
  })

  it('reads what the page’s loader asks for, with the columns the browser keeps, and hands on exactly those answers', async () => {
    const stored = { [LIST_STORAGE_KEYS.columns]: JSON.stringify(['id', 'status']) }
    const { ask, asked } = operator()
    const made = await renderFirstView({ url, prefs: { language: 'en', timeZone: 'UTC', storage: stored }, session, ask })
    const list = asked.find((address) => address.startsWith('/api/ordering/v3/requests?'))!
    expect(new URL(list, url).searchParams.get('fields')).toBe('id,status,step,subStep,isOverdue,keyDates')
    expect(new URL(list, url).searchParams.get('status')).toBe('IN_PROGRESS')
    expect(asked).toContain('/api/ordering/v3/catalogItems?limit=100')
    expect(Object.keys(made!.answers).sort()).toEqual([...asked].sort())
    // A saved or shared view's own columns come first, as the list shows them.
    const shared = operator()
    await renderFirstView({
      url: new URL('http://console.example/requests?columns=id,name'),
      prefs: { language: 'en', timeZone: 'UTC', storage: stored },
      session,
      ask: shared.ask,
    })
    const sharedList = shared.asked.find((address) => address.startsWith('/api/ordering/v3/requests?'))!
    expect(new URL(sharedList, url).searchParams.get('fields')?.split(',')).toContain('name')
  })

  it('is the list with its rows, in the browser’s language and time zone, its text escaped', async () => {
    const prefs: FirstViewPrefs = { language: 'fr', timeZone: 'Europe/Paris', storage: {} }
    const html = (await renderFirstView({ url, prefs, session, ask: operator().ask }))?.view
    expect(html).toContain('<h1>Demandes</h1>')
    expect(html).toContain('href="/requests/REQ12345678"')
    expect(html).toContain('Fibre – &lt;Lyon&gt; HQ')
    // The catalog's name for the type, and 23:30 UTC on the 20th is the 21st in Paris.
    expect(html).toContain('Accès internet')
    // Named in the HTML itself: no placeholder waiting for the catalog, the code only a tooltip (0025).
    expect(html).not.toContain('type-pending')
    expect(html).not.toMatch(/>INTERNET_ACCESS</)
    expect(html).toMatch(/21 nov\. 2026,? 00:30/)
  })

  it('is the dashboard with its counts by status and its types by name, an unknown status labelled from its code', async () => {
    const { ask, asked } = operator()
    const made = await renderFirstView({ url: new URL('http://console.example/'), prefs: { language: 'en', timeZone: 'UTC', storage: {} }, session, ask })
    // The two counts and the catalog that names their types.
    expect(asked.filter((address) => address.startsWith('/api/ordering/v3/requests/aggregate?'))).toHaveLength(2)
    expect(asked).toContain('/api/ordering/v3/catalogItems?limit=100')
    expect(asked.some((address) => new URL(address, url).searchParams.get('groupBy') === 'status')).toBe(true)
    expect(made?.view).toContain('aria-label="Requests by status"')
    expect(made?.view).toMatch(/In progress[^<]*<\/[^>]+>[\s\S]*?12/)
    expect(made?.view).toContain('On hold')
  })

  it('is not made when a call failed, and renders again after', async () => {
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    const broken = operator((address) =>
      address.startsWith('/api/ordering/v3/requests?') ? { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"not":"a list"}' } : undefined,
    )
    expect(await renderFirstView({ url, prefs, session, ask: broken.ask })).toBeNull()
    expect((await renderFirstView({ url, prefs, session, ask: operator().ask }))?.view).toContain('REQ12345678')
  })

  it('makes no more than a few renders wait: past them the page renders itself', async () => {
    const prefs: FirstViewPrefs = { language: 'en', timeZone: 'UTC', storage: {} }
    const made = await Promise.all(Array.from({ length: MAX_WAITING_RENDERS + 5 }, () => renderFirstView({ url, prefs, session, ask: operator().ask })))
    expect(made.filter((view) => view !== null)).toHaveLength(MAX_WAITING_RENDERS)
  })
})
