import { NavLink, Outlet, ScrollRestoration } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { AccountMenu } from '@/features/auth/components/account-menu'
import { ServiceBanners } from '@/features/api-status/components/service-banners'
import { isSubscriptionMissing, SubscriptionProblem } from '@/features/api-status/components/subscription-problem'
import { useSessionState } from '@/features/auth/session'
import { changeLanguage, LANGUAGES, type Language } from '@/i18n/i18n'
import { useCachedError } from '@/lib/use-cached-error'
import { PageLoading } from './routes/page-loading'
import { SavedViewsNav } from '@/features/requests/components/saved-views-nav'
import { personKey } from '@/lib/person-key'

/** The shell of every page; with `pageLoading`, the placeholder shown while the first page's code and loader arrive. */
export function Layout({ pageLoading = false }: { pageLoading?: boolean }) {
  const { t, i18n } = useTranslation()
  const { signedIn } = useSessionState()
  const me = useQuery({ ...meQueries.me(), enabled: signedIn })
  const accessDenied = useCachedError(isSubscriptionMissing)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <p className="app-header__name">{t('app.name')}</p>
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
              <li>
                <NavLink to="/cloud">{t('app.cloud')}</NavLink>
              </li>
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
        {signedIn && <AccountMenu />}
      </header>
      <ServiceBanners />
      <main id="main" tabIndex={-1}>
        {pageLoading ? (
          <PageLoading />
        ) : accessDenied ? (
          // 403 code 50 on any call to the ordering API: the subscription page stands in for every page until access is back.
          <SubscriptionProblem error={accessDenied} />
        ) : (
          <>
            <Outlet />
            {/* A new page opens at its top; Back and Forward return to where the person was. */}
            <ScrollRestoration />
          </>
        )}
      </main>
    </>
  )
}
