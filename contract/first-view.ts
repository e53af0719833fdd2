import type { BrowserSession } from './gateway-auth'

/**
 * A page's first view (the requests list, the dashboard), rendered by the gateway into the HTML (docs/decisions/0026-first-view.md): what the
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
  /** The browser's locale for typed dates and numbers, of `language` ("en-US"); absent when its cookie had none. */
  locale?: string
  storage: Record<string, string>
}

/** The gateway's answer to one of the page's first calls, as the HTML hands it to the page (by address). */
export interface FirstViewAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** A page the gateway renders a first view of: its address (exact) and the SPA module of its route. */
export interface FirstViewPage {
  path: string
  /** The route's module as the build's manifest names it: its styles, and those of what it imports, go in the HTML. */
  module: string
  /** Modules the route loads before its first render (say, the form's code): their styles go in the HTML too. */
  loads?: string[]
}

/** The renderer the SPA's server build exports (src/entry-server.tsx), as the gateway calls it. */
export interface FirstViewRenderer {
  /** The pages with a first view. */
  firstViewPages: FirstViewPage[]
  /**
   * The HTML inside #root and the answers its render read, by address, or null when the answers do not make a page (a
   * call failed). The render reads through `ask`, with the page's own loader and API client: the calls the page would
   * make, never a copy of them.
   */
  renderFirstView(input: {
    url: URL
    prefs: FirstViewPrefs
    session: BrowserSession
    ask: (address: string) => Promise<FirstViewAnswer>
  }): Promise<{ view: string; answers: Record<string, FirstViewAnswer> } | null>
}
