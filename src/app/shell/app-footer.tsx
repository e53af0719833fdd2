import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { useKeyboardShortcuts } from './keyboard-shortcuts'
import { chooseTheme, storedTheme, THEMES, type Theme } from './theme'

// React Aria comes with the dialog, when it first opens: never on a page's first paint.
const ShortcutsDialog = lazy(async () => ({ default: (await import('./shortcuts-dialog')).ShortcutsDialog }))

/**
 * The foot of every page: the colour theme (as on the device, light or dark, remembered in this browser) and the
 * keyboard shortcuts, whose button is the visible way to what `?` does.
 */
const noSubscription = () => () => undefined

export function AppFooter() {
  const { t } = useTranslation()
  // The gateway's first view (docs/decisions/0026-first-view.md) is rendered without the browser's storage: the page
  // hydrates it with the theme as the server rendered it, then shows the person's own (the HTML's early start has
  // already applied it to the page's colours).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const [chosen, setTheme] = useState<Theme | null>(null)
  const theme = chosen ?? (hydrated ? storedTheme() : 'system')
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const showShortcuts = useCallback(() => setShortcutsOpen(true), [])
  useKeyboardShortcuts(showShortcuts)

  return (
    <footer className="app-footer">
      <label className="app-footer__setting">
        {t('app.theme')}{' '}
        <select
          value={theme}
          onChange={(event) => {
            const chosen = THEMES.find((value) => value === event.target.value) ?? 'system'
            chooseTheme(chosen)
            setTheme(chosen)
          }}
        >
          {THEMES.map((value) => (
            <option key={value} value={value}>
              {t(`app.themeName.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--secondary" aria-keyshortcuts="?" onClick={showShortcuts}>
        {t('app.shortcuts.button')}
      </button>
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      )}
    </footer>
  )
}
