// @vitest-environment jsdom
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOG_PAGE } from '@contract/request-query'
import { SESSION_HINT_KEY } from '@/features/auth/session'
import { DEFAULT_COLUMNS, fieldsOf } from '@/features/requests/columns'
import { detectLanguage, LANGUAGES } from '@/i18n/i18n'
import { z } from 'zod/mini'
import { gatewayRequest, ORDERING_API_BASE } from '@/lib/api-client'
import {
  DEFAULT_LIST_FIELDS,
  EARLY_START_KEYS,
  LIST_FIELDS_KEY,
  earlyStart,
  rememberListFields,
  takeEarlyResponse,
  type EarlyStartConfig,
  type EarlyWindow,
} from '@/lib/early-start'
import { parseListSearch, toApiQuery } from '@/lib/request-search'
import { SIGNED_IN_PAGES } from './route-table'
import { FIRST_VIEW_KEYS } from '@contract/first-view'
import { THEME_KEY } from './shell/theme'

/** What the build gives the early start: each page of the route table with made-up chunks named after its module. */
const config: EarlyStartConfig = {
  ...EARLY_START_KEYS,
  languages: [...EARLY_START_KEYS.languages],
  fieldsKey: LIST_FIELDS_KEY,
  defaultFields: DEFAULT_LIST_FIELDS,
  pages: SIGNED_IN_PAGES.map(({ path, module }) => ({
    path,
    scripts: [`/assets/${module}-abc.js`],
    styles: [`/assets/${module}-abc.css`],
    messages: { en: [`/assets/${module}-en-abc.js`], fr: [`/assets/${module}-fr-abc.js`] },
  })),
  themeKey: THEME_KEY,
  firstViewAnswersId: FIRST_VIEW_KEYS.answersId,
}

const preloaded = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'))

function signIn(expiresAt = Date.now() / 1000 + 600) {
  localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ sub: 'alice', expiresAt: Math.floor(expiresAt) }))
}

/** Runs the early start at `path` and says what it asked for. */
function startAt(path: string) {
  window.history.replaceState(null, '', path)
  const fetch = vi.fn(async () => new Response('[]'))
  vi.stubGlobal('fetch', fetch)
  earlyStart(config)
  return { urls: fetch.mock.calls.map((call) => (call as unknown[])[0] as string), fetch }
}

/** The address the list's loader asks for at the current location (`requests` in src/app/route-loaders.ts). */
function listAddress(fields: string) {
  const search = parseListSearch(new URLSearchParams(window.location.search))
  return `${ORDERING_API_BASE}/requests?${toApiQuery(search, fields.split(',') as Parameters<typeof toApiQuery>[1])}`
}

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
  delete (window as EarlyWindow).__earlyResponses
  document.head.querySelectorAll('link').forEach((link) => link.remove())
})

describe('the early start of the requests list', () => {
  it('uses the app’s own keys and the default columns’ fields', () => {
    expect(EARLY_START_KEYS.sessionKey).toBe(SESSION_HINT_KEY)
    expect(EARLY_START_KEYS.apiBase).toBe(ORDERING_API_BASE)
    expect(EARLY_START_KEYS.languages).toEqual(LANGUAGES)
    expect(EARLY_START_KEYS.catalogPath).toBe(`/catalogItems?limit=${CATALOG_PAGE.maxLimit}`)
    expect(DEFAULT_LIST_FIELDS).toBe(toApiQuery(parseListSearch(new URLSearchParams()), fieldsOf(DEFAULT_COLUMNS)).get('fields'))
  })

  it.each([
    '/requests',
    '/requests?status=IN_PROGRESS,COMPLETED&sort=-createdAt',
    '/requests?status=NEW&type=BVPN,FIBER&customerReference=PO-12&isOverdue=true&page=3&size=50',
    '/requests?createdFrom=2026-01-01&requestedTo=2026-12-31&id=REQ1&isArchived=false&sort=name',
    '/requests?requestedPreset=last7&createdPreset=thisMonth&updatedPreset=last30&status=NEW',
    '/requests?requestedPreset=next30&requestedFrom=2020-01-01&createdFrom=2026-01-01',
  ])('asks for exactly what the list’s loader will ask for at %s, and preloads the list’s chunks', (path) => {
    signIn()
    const { urls } = startAt(path)
    expect(urls).toEqual([listAddress(DEFAULT_LIST_FIELDS), `${ORDERING_API_BASE}${config.catalogPath}`])
    expect(preloaded()).toEqual(['/assets/requests-abc.js', '/assets/requests-en-abc.js'])
    expect(document.head.querySelector('link[rel=preload]')?.getAttribute('as')).toBe('style')
  })

  it('asks for the fields the list last used, in the person’s language, and hands the answer over once', async () => {
    signIn()
    rememberListFields('id,name,status,isOverdue,keyDates')
    localStorage.setItem(EARLY_START_KEYS.languageKey, 'fr')
    expect(detectLanguage()).toBe('fr')
    const { urls, fetch } = startAt('/requests?sort=name')
    expect(urls[0]).toBe(listAddress('id,name,status,isOverdue,keyDates'))
    expect(fetch.mock.calls[0]).toMatchObject([expect.any(String), { headers: { 'Accept-Language': 'fr' }, credentials: 'same-origin' }])
    expect(document.head.querySelectorAll('link[href="/assets/requests-fr-abc.js"]')).toHaveLength(1)
    expect(takeEarlyResponse(urls[0]!, 'en')).toBeNull()
    expect(takeEarlyResponse(urls[1]!, 'fr')).toBeInstanceOf(Promise)
    expect(takeEarlyResponse(urls[1]!, 'fr')).toBeNull()
  })

  it('hands the page the answers the gateway wrote into the HTML with its first view, and asks for nothing itself', async () => {
    signIn()
    const given = document.createElement('script')
    given.type = 'application/json'
    given.id = FIRST_VIEW_KEYS.answersId
    const list = `${ORDERING_API_BASE}/requests?offset=0&limit=20`
    given.textContent = JSON.stringify({ [list]: { status: 200, headers: { 'X-Total-Count': '7', 'X-OAPI-Request-Id': 'r-1' }, body: '[]' } })
    document.head.appendChild(given)
    try {
      const { urls } = startAt('/requests')
      expect(urls).toEqual([])
      const answer = await takeEarlyResponse(list, 'en')
      expect(answer?.headers.get('X-Total-Count')).toBe('7')
      expect(answer?.headers.get('X-OAPI-Request-Id')).toBe('r-1')
      await expect(answer?.json()).resolves.toEqual([])
      // In another language than the page's, the page asks itself.
      startAt('/requests')
      expect(takeEarlyResponse(list, 'fr')).toBeNull()
    } finally {
      given.remove()
    }
  })

  it('hands over any answer but a 401, which the page asks again itself, with the cookie as it stands now', async () => {
    signIn()
    const refusal = (status: number, code: number) =>
      new Response(JSON.stringify({ code, message: 'Refused', description: 'Refused' }), { status, headers: { 'Content-Type': 'application/json' } })
    const ask = (url: string) => gatewayRequest(url, z.array(z.unknown()), { headers: { 'Accept-Language': 'en' } })
    window.history.replaceState(null, '', '/requests')
    const fetch = vi.fn(async (..._: unknown[]): Promise<Response> => refusal(401, 42))
    vi.stubGlobal('fetch', fetch)
    // The HTML's call was refused for the session it left with: the page's own call decides, and here finds rows.
    earlyStart(config)
    const list = fetch.mock.calls[0]![0] as string
    fetch.mockImplementation(async () => new Response('[]'))
    await expect(ask(list)).resolves.toMatchObject({ data: [] })
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([list, `${ORDERING_API_BASE}${config.catalogPath}`, list])
    // Any other answer is the answer, asked for once.
    fetch.mockImplementation(async () => refusal(503, 5))
    earlyStart(config)
    fetch.mockImplementation(async () => new Response('[]'))
    await expect(ask(list)).rejects.toMatchObject({ status: 503, requestId: null })
    expect(fetch).toHaveBeenCalledTimes(5)
  })

  it('asks for nothing elsewhere, nor without a live session', () => {
    signIn()
    expect(startAt('/requests/REQ1').urls).toEqual([])
    expect(startAt('/').urls).toEqual([])
    localStorage.clear()
    expect(startAt('/requests').urls).toEqual([])
    signIn(Date.now() / 1000 - 5)
    expect(startAt('/requests').urls).toEqual([])
  })
})

describe('the early start of any signed-in page', () => {
  it.each([
    ['/', 'home'],
    ['/overdue', 'overdue'],
    ['/requests/', 'requests'],
    ['/requests/new?item=CI-FIBER', 'new-request'],
    ['/requests/REQ00000001', 'request-detail'],
    ['/catalog', 'catalog'],
    ['/catalog/CI-BVPN-SITE', 'catalog-item'],
    ['/me', 'me'],
    ['/api', 'api'],
    ['/cloud?region=eu', 'cloud'],
  ])('at %s preloads the chunks, styles and messages of the %s page', (path, module) => {
    signIn()
    startAt(path)
    expect(preloaded()).toEqual([`/assets/${module}-abc.js`, `/assets/${module}-en-abc.js`])
    expect([...document.head.querySelectorAll('link[rel=preload]')].map((link) => link.getAttribute('href'))).toEqual([`/assets/${module}-abc.css`])
  })

  it('preloads nothing for an address no page has, nor for a person not signed in', () => {
    signIn()
    for (const path of ['/sign-in', '/auth/callback', '/requests/REQ1/history', '/nowhere']) {
      startAt(path)
      expect(preloaded(), path).toEqual([])
    }
    localStorage.clear()
    startAt('/requests/REQ00000001')
    expect(preloaded()).toEqual([])
  })

  it('builds the person’s first Intl formatters in a task of its own, after the page is started, and only for a signed-in page', () => {
    vi.useFakeTimers()
    try {
      const built = vi.fn()
      const RealDateTimeFormat = Intl.DateTimeFormat
      // A constructor (the early start calls it with `new`), so not an arrow function.
      vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
        built(locale)
        return new RealDateTimeFormat(locale, options)
      })
      signIn()
      localStorage.setItem(EARLY_START_KEYS.languageKey, 'fr')
      startAt('/overdue')
      expect(built).not.toHaveBeenCalled()
      vi.runAllTimers()
      expect(built.mock.calls).toEqual([['fr'], ['fr']])

      built.mockClear()
      for (const path of ['/nowhere', '/sign-in']) startAt(path)
      localStorage.clear()
      startAt('/requests')
      vi.runAllTimers()
      expect(built).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
      vi.restoreAllMocks()
    }
  })

  it('finds a module for every page of the route table', () => {
    for (const { module } of SIGNED_IN_PAGES) expect(existsSync(join(import.meta.dirname, 'routes', `${module}.tsx`)), module).toBe(true)
  })
})
