import { z } from 'zod/mini'

/** The colour themes a person can choose; `system` follows `prefers-color-scheme`. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** Also read by the HTML's early start, which applies it before the first paint (src/lib/early-start.ts). */
export const THEME_KEY = 'ordering-console.theme'
const ZTheme = z.enum(THEMES)

/** The person's choice in this browser, `system` when none (or storage is refused). */
export function storedTheme(): Theme {
  try {
    const parsed = ZTheme.safeParse(window.localStorage.getItem(THEME_KEY))
    return parsed.success ? parsed.data : 'system'
  } catch {
    return 'system'
  }
}

/**
 * Light or dark set on <html data-theme>, which sets styles.css's `color-scheme`; `system` removes it, so the system's choice decides.
 * Applied before the first render (main.tsx), so no page flashes in the other theme.
 */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme
  else document.documentElement.dataset.theme = theme
}

/** Applies and remembers the choice for the next pages of this browser. */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme)
  try {
    if (theme === 'system') window.localStorage.removeItem(THEME_KEY)
    else window.localStorage.setItem(THEME_KEY, theme)
  } catch {
    // Storage refused: the choice holds for this page.
  }
}
