// Relative, not @contract: vite.config.ts imports this module before its aliases exist.
import type { FirstViewAnswer } from '../../contract/first-view'

/**
 * The start of a signed-in page from the HTML itself, before the entry script has arrived
 * (docs/decisions/0024-delivery.md). On a phone's link the entry takes most of a second to come: the page's own chunks,
 * styles and messages are preloaded with it instead of after it (src/app/route-table.ts), and when the gateway
 * rendered the page's first view (the list, the dashboard: docs/decisions/0026-first-view.md) its answers to the page's
 * calls are handed to the API client, which takes an answer only for its exact address and language
 * (`takeEarlyResponse`). The page's calls are written once, by its route's loader: this script never guesses them.
 *
 * `earlyStart` runs as an inline script of index.html (vite.config.ts writes it there with this configuration); it
 * must therefore stand alone: no import, no closure, nothing but the browser.
 */
export interface EarlyStartConfig {
  /** Where the browser keeps what the gateway last said of its session (src/features/auth/session.ts, SESSION_HINT_KEY). */
  sessionKey: string
  /** Where the language chosen is kept, and the languages spoken (src/i18n/i18n.ts). */
  languageKey: string
  languages: string[]
  /** Each signed-in page's address (`:id` for one segment) with its chunks, styles and messages by language. */
  pages: EarlyPage[]
  /** Where the person's theme is kept (src/app/shell/theme.ts), applied before the first paint. */
  themeKey: string
  /** Where the gateway's first view puts its answers (docs/decisions/0026-first-view.md). */
  firstViewAnswersId: string
  /** The attributes of a first view's form that takes input before the page's code (src/lib/view-input.ts). */
  formBeforeCode: string
  sendHeld: string
  sendHeldNote: string
}

/** What a signed-in page needs from the build, so that a cold visit fetches it with the entry (src/app/route-table.ts). */
export interface EarlyPage {
  path: string
  scripts: string[]
  styles: string[]
  messages: Record<string, string[]>
}

/** The keys the app uses, as the early start must use them (early-start.test.ts checks each). */
export const EARLY_START_KEYS = {
  sessionKey: 'ordering-console.session',
  languageKey: 'ordering-console.language',
  languages: ['en', 'fr'],
  formBeforeCode: 'data-before-code',
  sendHeld: 'data-send-held',
  sendHeldNote: 'data-send-held-note',
} as const

/** The answer the HTML asked for `url`, once, if it was asked in `language`; the caller asks for itself otherwise. */
export function takeEarlyResponse(url: string, language: string): Promise<Response> | null {
  // globalThis: the window in the browser; where the gateway renders a first view, the answers it was given.
  const responses = (globalThis as unknown as EarlyWindow).__earlyResponses
  const early = responses?.[url]
  if (!early) return null
  delete responses[url]
  return early.language === language ? early.response : null
}

export interface EarlyResponse {
  language: string
  response: Promise<Response>
}

export type EarlyWindow = Window & { __earlyResponses?: Record<string, EarlyResponse> }

/**
 * A form of the first view works before the page's code (docs/decisions/0026-first-view.md, "A form that works
 * before its code"): its fields are the HTML's own, and a send pressed then (a click, Enter in a field) is held here
 * and said on the form; the page makes it once its code has come (src/lib/view-input.ts); leaving it with something
 * typed asks first. The page's own forms carry no such mark. Runs in the same inline script as `earlyStart`, and stands alone as it does.
 */
export function holdSendsBeforeCode(config: Pick<EarlyStartConfig, 'formBeforeCode' | 'sendHeld' | 'sendHeldNote'>): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(config.formBeforeCode)) return
      event.preventDefault()
      form.setAttribute(config.sendHeld, '')
      const note = form.querySelector('[' + config.sendHeldNote + ']')
      if (note) note.textContent = note.getAttribute(config.sendHeldNote)
    },
    true,
  )
  // Leaving it with something typed asks first, as the page's own form does (0014): its fields are the HTML's own. Listened
  // for from the first key typed in it only, so that no other page has a `beforeunload` listener (a browser may then keep
  // it out of its back-forward cache).
  const beforeCodeForm = 'form[' + config.formBeforeCode + ']'
  const typed = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(beforeCodeForm)) return
    document.removeEventListener('input', typed)
    window.addEventListener('beforeunload', (unload) => {
      if (document.querySelector(beforeCodeForm)) unload.preventDefault()
    })
  }
  document.addEventListener('input', typed)
}

export function earlyStart(config: EarlyStartConfig): void {
  try {
    // The person's light or dark choice (src/app/shell/theme.ts) before the first paint: the HTML may hold the page.
    const theme = window.localStorage.getItem(config.themeKey)
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme)
  } catch {
    // No storage: the system's choice.
  }
  try {
    const stored = JSON.parse(window.localStorage.getItem(config.sessionKey) ?? 'null') as { sub?: string; expiresAt?: number } | null
    if (!stored || !stored.sub || typeof stored.expiresAt !== 'number' || stored.expiresAt <= Date.now() / 1000) return

    // The person's language, as src/i18n/i18n.ts detects it.
    let language = window.localStorage.getItem(config.languageKey) ?? ''
    if (config.languages.indexOf(language) < 0) {
      language = 'en'
      const preferred = navigator.languages ?? []
      for (let i = 0; i < preferred.length; i++) {
        const primary = preferred[i]!.toLowerCase().split('-')[0]!
        if (config.languages.indexOf(primary) >= 0) {
          language = primary
          break
        }
      }
    }

    const head = document.head
    const link = (rel: string, href: string) => {
      const element = document.createElement('link')
      element.rel = rel
      element.href = href
      // As the build's loader asks for a lazy page's styles (crossorigin), or the preload is not used.
      if (rel === 'preload') {
        element.setAttribute('as', 'style')
        element.crossOrigin = ''
      }
      head.appendChild(element)
    }
    // The page opened: the first of the table whose address matches, segment by segment (`:id` matches any one).
    const path = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/$/, '') : '/'
    const segments = path.split('/')
    let opened: EarlyPage | undefined
    for (let i = 0; i < config.pages.length && !opened; i++) {
      const pattern = config.pages[i]!.path.split('/')
      let match = pattern.length === segments.length
      for (let s = 0; s < pattern.length && match; s++) match = pattern[s]!.charAt(0) === ':' ? segments[s] !== '' : pattern[s] === segments[s]
      if (match) opened = config.pages[i]
    }
    if (!opened) return
    // The gateway rendered the page's first view: its answers to the page's first calls are in the HTML, before this
    // script (server/gateway/first-view.ts); the page takes them instead of asking again. Its styles are in the HTML
    // too, inline (docs/decisions/0026-first-view.md, amended 2026-11-27): nothing to fetch for them.
    const given = document.getElementById(config.firstViewAnswersId)
    const scripts = opened.scripts.concat(opened.messages[language] ?? [])
    for (let i = 0; i < scripts.length; i++) link('modulepreload', scripts[i]!)
    if (!given) for (let i = 0; i < opened.styles.length; i++) link('preload', opened.styles[i]!)
    // The first Intl formatter of a tab loads the runtime's locale and time zone data: about 40 ms of a desktop's CPU,
    // four times that on a phone, which every signed-in page paid in its first render with data (src/lib/format.ts).
    // Paid here, in a task of its own, it falls while the entry is still on the network and the page has nothing to do;
    // with a first view, once the view is painted (the HTML parsed, then a frame), never before its first paint.
    const locale = language
    const warm = () =>
      setTimeout(() => {
        try {
          new Intl.NumberFormat(locale).format(0)
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(0)
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
        } catch {
          // A runtime without Intl's styles: the page formats as it can.
        }
      })
    if (!given) {
      warm()
      return
    }
    let painted = false
    document.addEventListener('readystatechange', () => {
      if (painted || document.readyState === 'loading') return
      painted = true
      requestAnimationFrame(warm)
    })
    const answers = JSON.parse(given.textContent ?? '{}') as Record<string, FirstViewAnswer>
    const handed: Record<string, EarlyResponse> = {}
    for (const address in answers) {
      const answer = answers[address]!
      handed[address] = { language, response: Promise.resolve(new Response(answer.body, { status: answer.status, headers: answer.headers })) }
    }
    ;(window as EarlyWindow).__earlyResponses = handed
  } catch {
    // A head start, never a failure: the page asks for itself.
  }
}
