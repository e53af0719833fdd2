import type { Context } from 'hono'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { HEADER } from '@contract/common'
import { FIRST_VIEW_KEYS, type FirstViewAnswer, type FirstViewPrefs, type FirstViewRenderer } from '@contract/first-view'
import { FIRST_VIEW_COOKIE_MAX_CHARS, ZFirstViewCookie } from '@contract/first-view-cookie'
import { ZBrowserSession } from '@contract/gateway-auth'
import { DROPPED_PARAMETERS_HEADER } from '@contract/operator-profile'

/**
 * A page's first view in the HTML (docs/decisions/0026-first-view.md). For a signed-in browser that opens a page with
 * one (the list, the dashboard), the gateway renders it with the SPA's own code (dist-server/entry-server.js, `vite
 * build --ssr`), whose loader's calls it answers by asking itself (in-process, through every check a browser's call
 * passes: the session, the person's customer, the throttle), and sends it in index.html with those answers.
 * The browser paints the rows before any script has arrived; the page takes the answers instead of asking again, and
 * it hydrates the view. Whatever goes wrong (no cookie, a failed call, too slow, no server build), the
 * page is index.html as before and renders itself.
 */

/** The longest the HTML waits for the first view: past it, the page asks for its data itself as before. */
export const FIRST_VIEW_WAIT_MS = 400
/**
 * The answers the page reads from its first calls; nothing else of the gateway's answer is handed on. The parameters
 * the operator refused (docs/decisions/0027-operator-profile.md) too, so that the first view says what was not applied.
 */
const ANSWER_HEADERS = ['Content-Type', HEADER.requestId, HEADER.totalCount, HEADER.resultCount, DROPPED_PARAMETERS_HEADER]

/** A time zone this runtime knows, or none. */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export interface FirstView {
  /** The page with its first view, and the cookies the gateway's own calls renewed (to be sent whatever the page). */
  /** `indexHtml` is read only when a view is made: every other page goes without reading it. */
  render(c: Context, indexHtml: () => Promise<string>): Promise<{ html: string | null; setCookies: string[] }>
  /**
   * Renders each page once in each language from empty answers, asking nothing of anyone: the first person after a
   * start would otherwise pay the loading of the pages' code and messages, and miss FIRST_VIEW_WAIT_MS.
   */
  warm(): Promise<void>
}

/** Each page rendered once in each language from empty answers (`FirstView.warm`). */
async function warmUp(renderer: FirstViewRenderer): Promise<void> {
  const session = { sub: 'first-view-warm-up', expiresAt: Math.floor(Date.now() / 1000) + 60 }
  for (const language of ['en', 'fr'] as const) {
    for (const { path } of renderer.firstViewPages) {
      const prefs = { language, timeZone: 'UTC', storage: {} }
      await renderer.renderFirstView({ url: new URL(path, 'http://first-view.invalid'), prefs, session, ask: EMPTY_ANSWER }).catch(() => null)
    }
  }
}

/** An empty answer to any of a page's reads: no request, no item, no count. */
const EMPTY_ANSWER = async (address: string): Promise<FirstViewAnswer> => ({
  status: 200,
  headers: { 'Content-Type': 'application/json', [HEADER.totalCount]: '0', [HEADER.resultCount]: '0' },
  body: new URL(address, 'http://first-view.invalid').pathname.endsWith('/aggregate') ? '{}' : '[]',
})

/** The first-view cookie's values, or null when absent or not what the early start writes. */
export function readFirstViewCookie(cookieHeader: string | undefined): FirstViewPrefs | null {
  if (!cookieHeader) return null
  const prefix = `${FIRST_VIEW_KEYS.cookie}=`
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length)
  if (!raw || raw.length > FIRST_VIEW_COOKIE_MAX_CHARS) return null
  try {
    const parsed = ZFirstViewCookie.safeParse(JSON.parse(decodeURIComponent(raw)))
    if (!parsed.success || !knownTimeZone(parsed.data.timeZone)) return null
    const storage: Record<string, string> = {}
    for (const [key, value] of Object.entries(parsed.data.stored)) if (value !== undefined) storage[key] = value
    const locale = knownLocale(parsed.data.locale, parsed.data.language)
    return { language: parsed.data.language, timeZone: parsed.data.timeZone, storage, ...(locale ? { locale } : {}) }
  } catch {
    return null
  }
}

/** A locale the runtime reads, of the language shown; undefined otherwise (the form then takes its default order). */
function knownLocale(locale: string | undefined, language: string): string | undefined {
  if (locale === undefined || locale.split('-')[0]!.toLowerCase() !== language) return undefined
  try {
    return Intl.getCanonicalLocales(locale)[0]
  } catch {
    return undefined
  }
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * index.html with the first view in #root, its styles inline, the answers before the early start, and the page's
 * language. Each style known in `inline` (the entry's and the page's, docs/decisions/0026-first-view.md, amended
 * 2026-11-27) is a <style> where its link was, so that nothing but the HTML holds the first paint on a slow link; the
 * entry's and the page's keep a disabled link besides (never fetched), which the chunk loader takes for the style
 * already there. A style not in `inline` stays a link.
 */
export function withFirstView(
  indexHtml: string,
  page: { view: string; styles: string[]; answers: Record<string, FirstViewAnswer>; language: string; inline?: ReadonlyMap<string, string> },
): string | null {
  if (!indexHtml.includes('<div id="root"></div>') || !indexHtml.includes('</head>') || !indexHtml.includes('<head>')) return null
  const inline = page.inline ?? new Map<string, string>()
  // A style put inline keeps a disabled link beside it (never fetched), which the chunk loader takes for the style
  // already there: a lazy chunk that lists it (the entry's styles too) does not fetch it again.
  const styleOf = (href: string) => `<style data-href="${href}">${inline.get(href)}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`
  const links = page.styles.map((href) => (inline.has(href) ? styleOf(href) : `<link rel="stylesheet" crossorigin href="${href}">`)).join('')
  // Replaced by functions: a `$` in the data or the view is text, not a replacement pattern.
  return indexHtml
    .replace(/<html lang="[a-z]+"/, () => `<html lang="${page.language}"`)
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href: string) => (inline.has(href) ? styleOf(href) : link))
    .replace('<head>', () => `<head><script type="application/json" id="${FIRST_VIEW_KEYS.answersId}">${scriptJson(page.answers)}</script>`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.view}</div>`)
}

/** The text of each style of the build that a first view may inline, by address; one that could end its <style> is left out. */
export async function readStyles(spaDir: string, hrefs: Iterable<string>): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  for (const href of new Set(hrefs)) {
    const text = await readFile(join(resolve(spaDir), href), 'utf8').catch(() => null)
    if (text !== null && !/<\/style/i.test(text)) texts.set(href, text)
  }
  return texts
}

/** Vite's build manifest: each source module's chunk, its styles and the chunks it imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>

/** The styles of `modules` and of every chunk they import, as the page's chunks would load them; the entry's are in index.html. */
export function stylesOf(manifest: Manifest, modules: string[]): string[] {
  const styles = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry || seen.has(key)) return
    seen.add(key)
    for (const css of chunk.css ?? []) styles.add(`/${css}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`The build's manifest has no ${module}: the first view cannot link its styles.`)
    visit(module)
  }
  return [...styles]
}

/** The entry's own styles (index.html links them). */
export function entryStyles(manifest: Manifest): string[] {
  return Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []).map((css) => `/${css}`) : []))
}

/**
 * The first view of the pages that have one (the requests list), given how to call this server in-process. Null when
 * the SPA's server build is absent (`npm run build` makes it): the pages then render in the browser alone.
 */
export async function createFirstView(
  dist: { spa: string; server: string },
  callSelf: (request: Request) => Promise<Response>,
  /** Whether this person may spend a render's calls now (their share of the operator's rate, 0021); always, when absent. */
  admit: (c: Context) => Promise<boolean> = async () => true,
): Promise<FirstView | null> {
  const entry = join(resolve(dist.server), 'entry-server.js')
  const manifestPath = join(resolve(dist.spa), '.vite', 'manifest.json')
  if (!existsSync(entry) || !existsSync(manifestPath)) return null
  const renderer = (await import(pathToFileURL(entry).href)) as FirstViewRenderer
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest
  const pages = new Map(renderer.firstViewPages.map((page) => [page.path, stylesOf(manifest, [page.module, ...(page.loads ?? [])])]))
  const inline = await readStyles(dist.spa, [...entryStyles(manifest), ...[...pages.values()].flat()])

  return {
    warm: () => warmUp(renderer),
    async render(c, indexHtml) {
      const setCookies: string[] = []
      const url = new URL(c.req.url)
      const prefs = readFirstViewCookie(c.req.header('Cookie'))
      const styles = pages.get(url.pathname)
      if (c.req.method !== 'GET' || !styles || !prefs || !c.req.header('Cookie')) return { html: null, setCookies }
      // Counted only when a view would be rendered: other pages and refused cookies cost the person nothing.
      if (!(await admit(c))) return { html: null, setCookies }
      let cookie = c.req.header('Cookie')!
      /** One call as the page would make it, with the cookie as the calls before left it. */
      const ask = async (address: string): Promise<FirstViewAnswer> => {
        // This server's own addresses only, whatever the page's code asks.
        if (!address.startsWith('/') || address.startsWith('//')) throw new TypeError(`A first view asks this server only, not ${address}`)
        const headers = new Headers({ Accept: 'application/json', 'Accept-Language': prefs.language, Cookie: cookie })
        for (const name of ['Host', 'User-Agent', 'X-Forwarded-For', 'X-Forwarded-Proto']) {
          const value = c.req.header(name)
          if (value) headers.set(name, value)
        }
        const response = await callSelf(new Request(new URL(address, url.origin), { headers }))
        for (const set of response.headers.getSetCookie()) {
          setCookies.push(set)
          const [pair] = set.split(';')
          const name = pair!.slice(0, pair!.indexOf('='))
          cookie = [...cookie.split(';').filter((part) => !part.trim().startsWith(`${name}=`)), pair!].join('; ')
        }
        const answerHeaders: Record<string, string> = {}
        for (const name of ANSWER_HEADERS) {
          const value = response.headers.get(name)
          if (value !== null) answerHeaders[name] = value
        }
        return { status: response.status, headers: answerHeaders, body: await response.text() }
      }
      const work = (async () => {
        // The session first: a call that renews it sets the cookie the page's calls then send (one refresh, never two).
        const sessionAnswer = await ask('/auth/session')
        if (sessionAnswer.status !== 200) return null
        let session: ReturnType<typeof ZBrowserSession.safeParse>
        try {
          session = ZBrowserSession.safeParse(JSON.parse(sessionAnswer.body))
        } catch {
          return null
        }
        // Nobody signed in (`{ signedIn: false }`): the page's own sign-in, as before.
        if (!session.success) return null
        const rendered = await renderer.renderFirstView({ url, prefs, session: session.data, ask })
        if (rendered === null) return null
        const answers = { '/auth/session': sessionAnswer, ...rendered.answers }
        return withFirstView(await indexHtml(), { view: rendered.view, styles, answers, language: prefs.language, inline })
      })()
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_VIEW_WAIT_MS)))
      try {
        // A renderer that throws is a bug to see in the server's log; the person still gets the page.
        const html = await Promise.race([
          work.catch((error: unknown) => {
            console.error(`The list's first view was not rendered: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
            return null
          }),
          late,
        ])
        return { html, setCookies }
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
