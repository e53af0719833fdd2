import { sessionStore } from './browser-storage'

/**
 * The list view this tab showed last (its path and query: filters, sort, page), so that "All requests" on a request
 * page returns to it. Per tab (sessionStorage): another tab keeps its own list (docs/decisions/0025).
 */
const KEY = 'ordering-console.last-list'

export function rememberListView(pathAndQuery: string): void {
  try {
    sessionStore()?.setItem(KEY, pathAndQuery)
  } catch {
    // A refused storage leads back to the plain list.
  }
}

/** The list's last view in this tab, or the plain list. Only a list path is given back, never another page. */
export function lastListView(fallback = '/requests'): string {
  const stored = sessionStore()?.getItem(KEY)
  return stored && /^\/requests(\?|$)/.test(stored) ? stored : fallback
}
