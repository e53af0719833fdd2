import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter } from 'react-router'
import { App, createAppState } from './app/app'
import { atMostForFirstRender, neededCodeLoaded, openedPageLoaded, queriesSettled } from './app/first-render'
import { loadSignedInHeader } from './app/shell/signed-in-part'
import { createAuthSession, SESSION_HINT_KEY } from './features/auth/session'
import { i18n, loadAllMessages } from './i18n/i18n'
import type { FirstViewAnswer, FirstViewRenderer } from '@contract/first-view'
import { callThrough } from './lib/api-client'
import { setDisplayTimeZone, setPreferredLocales } from './lib/format'

/**
 * A page's first view, rendered by the gateway into the HTML (docs/decisions/0026-first-view.md): the same components,
 * router, loaders, query cache and API client the page runs in the browser, given what the browser would read (its
 * language, time zone and list view, from the first-view cookie; the session) and reading through the gateway's own
 * answers (`ask`). The calls are the page's own, made by its route's loader: the answers it read go in the HTML, and
 * the page takes them instead of asking again. The browser paints the view before any script has arrived; the page
 * hydrates it (src/main.tsx).
 *
 * Built by `vite build --ssr` into dist-server/ (never served), and loaded by server/gateway/first-view.ts.
 */

/**
 * The pages with a first view: the list, the dashboard (their routes' chunks import the header's signed-in part), and
 * a catalog item's creation form (`/requests/new?item=…`; its route loads the form's code before its first render).
 */
export const firstViewPages: FirstViewRenderer['firstViewPages'] = [
  { path: '/requests', module: 'src/app/routes/requests.tsx' },
  { path: '/', module: 'src/app/routes/home.tsx' },
  // A catalog item's form, which works before the page's code: the page renders its own form in its place and takes
  // over what was typed (src/lib/view-input.ts; 0026-first-view.md, "A form that works before its code").
  { path: '/requests/new', module: 'src/app/routes/new-request.tsx', loads: ['src/features/create-request/components/create-request-page.tsx'] },
]

/** Of `/requests/new`, only a catalog item's form has a first view (not the chooser, nor a form started from a request). */
const hasFirstView = (url: URL) => url.pathname !== '/requests/new' || (url.searchParams.has('item') && !url.searchParams.has('from'))

/** The render under way: where its calls go, and the answers they got, by address. */
let reading: { ask: (address: string) => Promise<FirstViewAnswer>; answers: Record<string, FirstViewAnswer> } | null = null

/** The person's account, as the API client asks for it (src/features/auth/api/get-me.ts). */
const ME_ADDRESS = '/api/ordering/v3/me'

/** Statuses whose answers have no body (Fetch, "null body status"). */
const NO_BODY = [101, 103, 204, 205, 304]

// The page's API client reads through the render under way; nothing else calls from the server.
callThrough(async (url, init) => {
  if (!reading || (init.method ?? 'GET') !== 'GET') throw new TypeError(`A first view reads, and only while it renders: ${init.method ?? 'GET'} ${url}`)
  const { ask, answers } = reading
  const answer = await ask(url)
  answers[url] = answer
  return new Response(NO_BODY.includes(answer.status) ? null : answer.body, { status: answer.status, headers: answer.headers })
})

/**
 * The server has no localStorage: the page's reads see the browser's values, as the cookie gave them. Only a render
 * touches it, and renders run one at a time (below).
 */
const memory = new Map<string, string>()
const memoryStorage: Storage = {
  get length() {
    return memory.size
  },
  clear: () => memory.clear(),
  getItem: (key) => memory.get(key) ?? null,
  key: (index) => [...memory.keys()][index] ?? null,
  removeItem: (key) => void memory.delete(key),
  setItem: (key, value) => void memory.set(key, String(value)),
}
Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage, configurable: true })

/** Nothing in the first view listens to the window: the events go nowhere. */
const noEvents = { addEventListener() {}, removeEventListener() {} }
const serverWindow = { ...noEvents, document: noEvents } as unknown as Window

let ready: Promise<void> | undefined
/** Renders run one at a time: the translator, the storage and the calls' way out are this process's globals. */
let queue: Promise<unknown> = Promise.resolve()
/** Renders waiting past this many are not made (the page renders itself): a flood of pages cannot pile work up. */
export const MAX_WAITING_RENDERS = 8
let waiting = 0

/**
 * The first view's HTML (what goes inside #root) and the answers it read, or null when it cannot be told from them (a
 * call failed): the page then renders itself, as without a first view.
 */
export const renderFirstView: FirstViewRenderer['renderFirstView'] = (input) => {
  if (waiting >= MAX_WAITING_RENDERS || !hasFirstView(input.url)) return Promise.resolve(null)
  waiting += 1
  const run = queue.then(() => render(input)).finally(() => (waiting -= 1))
  queue = run.catch(() => undefined)
  return run
}

async function render({
  url,
  prefs,
  session: hint,
  ask,
}: Parameters<FirstViewRenderer['renderFirstView']>[0]): ReturnType<FirstViewRenderer['renderFirstView']> {
  // The form's code too (its route loads it before its first render): seconds to load in Node, paid by the warm-up.
  ready ??= Promise.all([loadAllMessages(), loadSignedInHeader(), import('./features/create-request/components/create-request-page')]).then(() => undefined)
  await ready
  await i18n.changeLanguage(prefs.language)
  setDisplayTimeZone(prefs.timeZone)
  setPreferredLocales(prefs.locale ? [prefs.locale] : [])
  const storage = { ...prefs.storage, [SESSION_HINT_KEY]: JSON.stringify(hint) }
  memory.clear()
  for (const [key, value] of Object.entries(storage)) memory.set(key, value)
  const answers: Record<string, FirstViewAnswer> = {}
  reading = { ask, answers }
  const session = createAuthSession({
    storage: memoryStorage,
    target: serverWindow,
    channel: null,
    fetchSession: async () => hint,
    loadUserManager: () => Promise.reject(new Error('No sign-in on the server.')),
  })
  const state = createAppState(session, (routes) => createMemoryRouter(routes, { initialEntries: [`${url.pathname}${url.search}`] }))
  try {
    // Bounded as the browser's first render is: a render that never ends would hold every later one back.
    await atMostForFirstRender(
      openedPageLoaded(state.router)
        .then(neededCodeLoaded)
        .then(() => queriesSettled(state.queryClient)),
    )
    const queries = state.queryClient.getQueryCache().getAll()
    // The person's account (/me) is no page's to wait on (a form types its contracts without it): one that failed is
    // left to the page to ask again, and the view is made without it.
    const failed = queries.some((query) => query.state.status !== 'success' && query.queryKey[0] !== 'me')
    if (!state.router.state.initialized || failed) return null
    if (queries.some((query) => query.queryKey[0] === 'me' && query.state.status !== 'success')) delete answers[ME_ADDRESS]
    // As src/main.tsx renders it, StrictMode included: the page hydrates this very tree.
    const view = renderToString(
      <StrictMode>
        <App session={session} state={state} />
      </StrictMode>,
    )
    return { view, answers }
  } finally {
    state.router.dispose()
    state.queryClient.clear()
    session.dispose()
    reading = null
    setDisplayTimeZone(undefined)
    setPreferredLocales(undefined)
    memory.clear()
  }
}
