import { FIRST_VIEW_KEYS } from '@contract/first-view'
import { localStore } from './browser-storage'
import { browserTimeZone, formLocale } from './format'

/**
 * Tells the gateway, in a cookie, what the list's first view depends on in this browser: the language shown, the time
 * zone, the locale dates are typed in (a form's), and the list's stored columns and density (docs/decisions/0026-first-view.md). Written by every signed-in page
 * (the header's signed-in part, as it shows and when the language changes) and when the columns or the density change.
 * Nothing secret: what the page would show anyone at this browser. Without it the list renders in the browser, as it
 * did before the first view.
 */
export function rememberFirstView(language: string): void {
  try {
    const stored: Record<string, string> = {}
    for (const key of FIRST_VIEW_KEYS.storageKeys) {
      const value = localStore()?.getItem(key)
      if (value !== null && value !== undefined) stored[key] = value
    }
    const value = encodeURIComponent(JSON.stringify({ language, timeZone: browserTimeZone(language), locale: formLocale(language), stored }))
    document.cookie = `${FIRST_VIEW_KEYS.cookie}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`
  } catch {
    // No cookie (refused, or no Intl): the list renders in the browser.
  }
}
