import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { useSessionState } from '@/features/auth/session'
import { changeLanguage, LANGUAGES, type Language, currentLanguage } from '@/i18n/i18n'
import { useSignedInHeader } from './signed-in-part'

const MENU_ID = 'app-menu'

/**
 * The header of every page. On narrow screens (styles.css) its navigation, language and account fold behind a
 * "Menu" disclosure button; on wide ones they show in two short rows and the button is hidden.
 */
export function AppHeader() {
  const { t } = useTranslation()
  const { signedIn, cloud } = useSessionState()
  const signedInPart = useSignedInHeader(signedIn)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  // A link followed from the open menu closes it: the next page starts with its content, not the menu.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false)
  }
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }

  return (
    <header className="app-header" onKeyDown={closeOnEscape}>
      <div className="app-header__bar">
        <p className="app-header__name">{t('app.name')}</p>
        <button
          ref={menuButton}
          type="button"
          className="app-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="app-header__menu-icon" aria-hidden="true" />
          {t('app.menu')}
        </button>
      </div>
      <div id={MENU_ID} className="app-header__panel" data-open={menuOpen || undefined} onClick={closeOnLink}>
        {signedIn && signedInPart && <signedInPart.SignedInNav cloud={cloud} />}
        <div className="app-header__settings">
          <label className="app-header__setting">
            {t('app.language')}{' '}
            <select value={currentLanguage()} onChange={(event) => void changeLanguage(event.target.value as Language)}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`app.languageName.${language}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {signedIn && signedInPart && <signedInPart.AccountMenu />}
      </div>
    </header>
  )
}
