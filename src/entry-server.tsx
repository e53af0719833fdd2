import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter } from 'react-router'
import { App, createAppState } from './app/app'
import { atMostForFirstRender, openedPageLoaded, queriesSettled } from './app/first-render'
import { loadSignedInHeader } from './app/shell/signed-in-part'
import { createAuthSession, SESSION_HINT_KEY } from './features/auth/session'
import { columnsFor, fieldsOf } from './features/requests/columns'
import { i18n, loadAllMessages } from './i18n/i18n'
import type { FirstViewRenderer } from '@contract/first-view'
import { EARLY_START_KEYS, type EarlyWindow } from './lib/early-start'
import { setDisplayTimeZone } from './lib/format'
import { parseListSearch, toApiQuery } from './lib/request-search'

/**
 * The requests list's first view, rendered by the gateway into the HTML (docs/decisions/0026-first-view.md): the same
 * components, router and query cache the page renders in the browser, given what the browser would read (its
 * language, time zone and list view, from the first-view cookie; the session; the gateway's answers to the page's
 * first calls). The browser paints it before any script has arrived; the page hydrates it (src/main.tsx).
 *
 * Built by `vite build --ssr` into dist-server/ (never served), and loaded by server/gateway/first-view.ts.
 */

/** The list's route (its chunks import the header's signed-in part): the first view's styles are theirs and the entry's. */
export const firstViewModules: FirstViewRenderer['firstViewModules'] = ['src/app/routes/requests.tsx']

/** The API addresses the list's first view reads, exactly as its loader asks for them (src/app/routes/requests.tsx). */
export const firstViewCalls: FirstViewRenderer['firstViewCalls'] = (url, prefs) => {
  // The browser's stored columns as the cookie gave them, read apart: a render under way keeps its own (below).
  const stored: Pick<Storage, 'getItem'> = { getItem: (key) => prefs.storage[key] ?? null }
  const query = toApiQuery(parseListSearch(url.searchParams), fieldsOf(columnsFor(url.searchParams, stored)))
  return [`${EARLY_START_KEYS.apiBase}/requests?${query}`, `${EARLY_START_KEYS.apiBase}${EARLY_START_KEYS.catalogPath}`]
}

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
/** Renders run one at a time: the translator, the storage and the early answers are this process's globals. */
let queue: Promise<unknown> = Promise.resolve()
/** Renders waiting past this many are not made (the page renders itself): a flood of pages cannot pile work up. */
export const MAX_WAITING_RENDERS = 8
let waiting = 0

/**
 * The first view's HTML (what goes inside #root), or null when it cannot be told from the answers (the list or the
 * catalog failed): the page then renders itself, as without a first view.
 */
export const renderFirstView: FirstViewRenderer['renderFirstView'] = (input) => {
  if (waiting >= MAX_WAITING_RENDERS) return Promise.resolve(null)
  waiting += 1
  const run = queue.then(() => render(input)).finally(() => (waiting -= 1))
  queue = run.catch(() => undefined)
  return run
}

async function render({ url, prefs, session: hint, answers }: Parameters<FirstViewRenderer['renderFirstView']>[0]): Promise<string | null> {
  ready ??= Promise.all([loadAllMessages(), loadSignedInHeader()]).then(() => undefined)
  await ready
  await i18n.changeLanguage(prefs.language)
  setDisplayTimeZone(prefs.timeZone)
  const storage = { ...prefs.storage, [SESSION_HINT_KEY]: JSON.stringify(hint) }
  memory.clear()
  for (const [key, value] of Object.entries(storage)) memory.set(key, value)
  const early: EarlyWindow['__earlyResponses'] = {}
  for (const [address, answer] of Object.entries(answers)) {
    early[address] = { language: prefs.language, response: Promise.resolve(new Response(answer.body, { status: answer.status, headers: answer.headers })) }
  }
  ;(globalThis as unknown as EarlyWindow).__earlyResponses = early
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
    await atMostForFirstRender(openedPageLoaded(state.router).then(() => queriesSettled(state.queryClient)))
    const failed = state.queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
    if (!state.router.state.initialized || failed) return null
    // As src/main.tsx renders it, StrictMode included: the page hydrates this very tree.
    return renderToString(
      <StrictMode>
        <App session={session} state={state} />
      </StrictMode>,
    )
  } finally {
    state.router.dispose()
    state.queryClient.clear()
    session.dispose()
    delete (globalThis as unknown as EarlyWindow).__earlyResponses
    setDisplayTimeZone(undefined)
    memory.clear()
  }
}
