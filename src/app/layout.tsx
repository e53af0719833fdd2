import { useRef } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { ServiceBanners } from '@/features/api-status/components/service-banners'
import { isSubscriptionMissing, SubscriptionProblem } from '@/features/api-status/components/subscription-problem'
import { useCachedError } from '@/lib/use-cached-error'
import { PageLoading } from './routes/page-loading'
import { AppFooter } from './shell/app-footer'
import { AppHeader } from './shell/app-header'
import { usePageTitle } from './shell/page-title'

/** The shell of every page; with `pageLoading`, the placeholder shown while the first page's code and loader arrive. */
export function Layout({ pageLoading = false }: { pageLoading?: boolean }) {
  const { t } = useTranslation()
  const accessDenied = useCachedError(isSubscriptionMissing)
  const main = useRef<HTMLElement>(null)
  usePageTitle(main)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader />
      <ServiceBanners />
      <main id="main" tabIndex={-1} ref={main}>
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
      <AppFooter />
    </>
  )
}
