import { NavLink, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { changeLanguage, LANGUAGES, type Language } from '@/i18n/i18n'

export function Layout() {
  const { t, i18n } = useTranslation()
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <p className="app-header__name">{t('app.name')}</p>
        <nav aria-label={t('app.mainNavigation')}>
          <ul className="nav">
            <li>
              <NavLink to="/" end>
                {t('app.home')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <label className="language-picker">
          {t('app.language')}{' '}
          <select value={i18n.resolvedLanguage} onChange={(event) => void changeLanguage(event.target.value as Language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`app.languageName.${language}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}
