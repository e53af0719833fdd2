import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { NavLink } from 'react-router'
import { SavedViewsNav } from '@/features/requests/components/saved-views-nav'
import { personKey } from '@/lib/person-key'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { AccountMenu } from '@/features/auth/components/account-menu'
import { useSessionState } from '@/features/auth/session'
import { changeLanguage, LANGUAGES, type Language } from '@/i18n/i18n'

const MENU_ID = 'app-menu'

/**
 * The header of every page. On narrow screens (styles.css) its navigation, language and account fold behind a
 * "Menu" disclosure button; on wide ones they show in two short rows and the button is hidden.
 */
export function AppHeader() {
  const { t, i18n } = useTranslation()
  const { signedIn, cloud } = useSessionState()
  const me = useQuery({ ...meQueries.me(), enabled: signedIn })
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
        {signedIn && (
          <nav aria-label={t('app.mainNavigation')}>
            <ul className="nav">
              <li>
                <NavLink to="/" end>
                  {t('app.home')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/overdue">{t('app.overdue')}</NavLink>
              </li>
              <li>
                <NavLink to="/requests" end>
                  {t('app.requests')}
                </NavLink>
              </li>
              {/* The person's saved list views (docs/decisions/0025): nothing until one is saved. */}
              <SavedViewsNav person={personKey(me.data)} />
              <li>
                <NavLink to="/catalog">{t('app.catalog')}</NavLink>
              </li>
              {/* Only for the company whose cloud lists the console serves (0018): the gateway says so with the session. */}
              {cloud && (
                <li>
                  <NavLink to="/cloud">{t('app.cloud')}</NavLink>
                </li>
              )}
              {/* Read-only people get no create action at all, rather than one that fails. */}
              {me.isSuccess && canCreate(me.data) && (
                <li>
                  <NavLink to="/requests/new">{t('app.newRequest')}</NavLink>
                </li>
              )}
              <li>
                <NavLink to="/me">{t('app.me')}</NavLink>
              </li>
              <li>
                <NavLink to="/api">{t('app.api')}</NavLink>
              </li>
            </ul>
          </nav>
        )}
        <div className="app-header__settings">
          <label className="app-header__setting">
            {t('app.language')}{' '}
            <select value={i18n.resolvedLanguage} onChange={(event) => void changeLanguage(event.target.value as Language)}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`app.languageName.${language}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {signedIn && <AccountMenu />}
      </div>
    </header>
  )
}
