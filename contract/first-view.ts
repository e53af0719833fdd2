import type { BrowserSession } from './gateway-auth'

/**
 * The requests list's first view, rendered by the gateway into the HTML (docs/decisions/0026-first-view.md): what the
 * browser tells the gateway (a cookie the HTML's early start writes), what the gateway hands the page (its answers to
 * the page's first calls, in the HTML) and the renderer's shape (src/entry-server.tsx, server/gateway/first-view.ts).
 */

/** Where the list keeps its columns and density in the browser (src/features/requests/columns.ts). */
export const LIST_STORAGE_KEYS = {
  columns: 'ordering-console.requests.columns',
  density: 'ordering-console.requests.density',
} as const

export const FIRST_VIEW_KEYS = {
  /** The cookie: the language shown, the time zone, and the stored values below, as JSON. Nothing secret. */
  cookie: 'ordering-console.first-view',
  /** The id of the HTML's element holding the gateway's answers, by address (JSON). */
  answersId: 'first-view-answers',
  /** localStorage keys whose values the first view is rendered with, as the page would read them. */
  storageKeys: [LIST_STORAGE_KEYS.columns, LIST_STORAGE_KEYS.density] as string[],
}

/** What the first view is rendered with: what the page would read in the browser. */
export interface FirstViewPrefs {
  language: 'en' | 'fr'
  timeZone: string
  storage: Record<string, string>
}

/** The gateway's answer to one of the page's first calls, as the HTML hands it to the page (by address). */
export interface FirstViewAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** The renderer the SPA's server build exports (src/entry-server.tsx), as the gateway calls it. */
export interface FirstViewRenderer {
  /** The SPA's modules the first view shows (as the build's manifest names them): their styles go in the HTML. */
  firstViewModules: string[]
  /** The API addresses of the page's first calls, exactly as its loader asks for them. */
  firstViewCalls(url: URL, prefs: FirstViewPrefs): string[]
  /** The HTML inside #root, or null when the answers do not make a page (a call failed). */
  renderFirstView(input: { url: URL; prefs: FirstViewPrefs; session: BrowserSession; answers: Record<string, FirstViewAnswer> }): Promise<string | null>
}
