// @vitest-environment jsdom
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_HINT_KEY } from '@/features/auth/session'
import { LANGUAGES } from '@/i18n/i18n'
import { z } from 'zod/mini'
import { gatewayRequest, ORDERING_API_BASE } from '@/lib/api-client'
import { EARLY_START_KEYS, earlyStart, holdSendsBeforeCode, takeEarlyResponse, type EarlyStartConfig, type EarlyWindow } from '@/lib/early-start'
import { SIGNED_IN_PAGES } from './route-table'
import { FIRST_VIEW_KEYS } from '@contract/first-view'
import { THEME_KEY } from './shell/theme'

/** What the build gives the early start: each page of the route table with made-up chunks named after its module. */
const config: EarlyStartConfig = {
  ...EARLY_START_KEYS,
  languages: [...EARLY_START_KEYS.languages],
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

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
  delete (window as EarlyWindow).__earlyResponses
  document.head.querySelectorAll('link').forEach((link) => link.remove())
  document.getElementById(FIRST_VIEW_KEYS.answersId)?.remove()
})

/** The gateway's answers in the HTML, as server/gateway/first-view.ts writes them. */
function givenAnswers(answers: Record<string, { status: number; headers: Record<string, string>; body: string }>) {
  const given = document.createElement('script')
  given.type = 'application/json'
  given.id = FIRST_VIEW_KEYS.answersId
  given.textContent = JSON.stringify(answers)
  document.head.appendChild(given)
}

const LIST = `${ORDERING_API_BASE}/requests?offset=0&limit=20`

describe('the early start and the gateway’s first view', () => {
  it('uses the app’s own keys', () => {
    expect(EARLY_START_KEYS.sessionKey).toBe(SESSION_HINT_KEY)
    expect(EARLY_START_KEYS.languages).toEqual(LANGUAGES)
  })

  it.each(['/requests', '/requests?status=IN_PROGRESS,COMPLETED&sort=-createdAt', '/requests?requestedPreset=last7&page=3', '/'])(
    'never guesses a page’s calls (its loader makes them) at %s, and preloads the page’s chunks',
    (path) => {
      signIn()
      const { urls } = startAt(path)
      expect(urls).toEqual([])
      expect(preloaded()).toHaveLength(2)
      expect(document.head.querySelector('link[rel=preload]')?.getAttribute('as')).toBe('style')
    },
  )

  it('with a first view, preloads the page’s chunks but not its styles (inline in the HTML), and builds the formatters only once the view is painted', () => {
    signIn()
    givenAnswers({})
    const later = vi.spyOn(window, 'requestAnimationFrame')
    const format = vi.spyOn(Intl, 'DateTimeFormat')
    startAt('/requests/new')
    expect(preloaded()).toHaveLength(2)
    expect(document.head.querySelector('link[rel=preload]')).toBeNull()
    // jsdom's document has been parsed already: a change of its state is what the early start waits for.
    expect(later).not.toHaveBeenCalled()
    document.dispatchEvent(new Event('readystatechange'))
    expect(later).toHaveBeenCalledTimes(1)
    document.dispatchEvent(new Event('readystatechange'))
    expect(later).toHaveBeenCalledTimes(1)
    expect(format).not.toHaveBeenCalled()
    later.mockRestore()
    format.mockRestore()
  })

  it.each(['/requests', '/'])('hands the page at %s the answers the gateway wrote into the HTML, once, in the page’s language', async (path) => {
    signIn()
    givenAnswers({ [LIST]: { status: 200, headers: { 'X-Total-Count': '7', 'X-OAPI-Request-Id': 'r-1' }, body: '[]' } })
    startAt(path)
    const answer = await takeEarlyResponse(LIST, 'en')
    expect(answer?.headers.get('X-Total-Count')).toBe('7')
    expect(answer?.headers.get('X-OAPI-Request-Id')).toBe('r-1')
    await expect(answer?.json()).resolves.toEqual([])
    expect(takeEarlyResponse(LIST, 'en')).toBeNull()
    // In another language than the page's, the page asks itself.
    startAt(path)
    expect(takeEarlyResponse(LIST, 'fr')).toBeNull()
  })

  it('hands over any answer but a 401, which the page asks again itself, with the cookie as it stands now', async () => {
    signIn()
    const refusal = (status: number, code: number) => ({
      status,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, message: 'Refused', description: 'Refused' }),
    })
    const ask = () => gatewayRequest(LIST, z.array(z.unknown()), { headers: { 'Accept-Language': 'en' } })
    // The HTML's call was refused for the session it left with: the page's own call decides, and here finds rows.
    givenAnswers({ [LIST]: refusal(401, 42) })
    const { fetch } = startAt('/requests')
    await expect(ask()).resolves.toMatchObject({ data: [] })
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([LIST])
    // Any other answer is the answer, asked for once.
    document.getElementById(FIRST_VIEW_KEYS.answersId)?.remove()
    givenAnswers({ [LIST]: refusal(503, 5) })
    earlyStart(config)
    await expect(ask()).rejects.toMatchObject({ status: 503, requestId: null })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('hands nothing over without a live session', () => {
    givenAnswers({ [LIST]: { status: 200, headers: {}, body: '[]' } })
    startAt('/requests')
    expect(takeEarlyResponse(LIST, 'en')).toBeNull()
    signIn(Date.now() / 1000 - 5)
    startAt('/requests')
    expect(takeEarlyResponse(LIST, 'en')).toBeNull()
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

describe('a first view’s form before the page’s code', () => {
  it('holds a send pressed on it, says so in its live region, and leaves every other form alone', () => {
    document.body.innerHTML = `
      <form data-before-code><input name="customerReference" /><p role="status" data-send-held-note="Sent once the page has loaded."></p><button type="submit">Send</button></form>
      <form id="page-form"><button type="submit">Search</button></form>`
    holdSendsBeforeCode(config)
    const [held, pageForm] = [...document.forms]
    const submitted = (form: HTMLFormElement) => {
      const event = new Event('submit', { bubbles: true, cancelable: true })
      form.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(submitted(held!)).toBe(true)
    expect(held!.hasAttribute(EARLY_START_KEYS.sendHeld)).toBe(true)
    expect(held!.querySelector('[role=status]')!.textContent).toBe('Sent once the page has loaded.')
    // The page's own forms (and the page's form once it has replaced the HTML's) are the page's to handle.
    expect(submitted(pageForm!)).toBe(false)
    expect(pageForm!.hasAttribute(EARLY_START_KEYS.sendHeld)).toBe(false)
  })

  it('asks before leaving it once something is typed in it, and no longer once the page’s form has replaced it', () => {
    document.body.innerHTML = '<form data-before-code><input name="contract" /></form>'
    holdSendsBeforeCode(config)
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leaving()).toBe(false)
    document.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }))
    expect(leaving()).toBe(true)
    document.body.innerHTML = '<form><input name="contract" /></form>'
    expect(leaving()).toBe(false)
  })
})
