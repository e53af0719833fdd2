import { useTranslation } from '@/i18n/use-translation'
import { AccountDetails } from '@/features/auth/components/account-details'
import { meQueries } from '@/features/auth/api/get-me'
import type { RouteModule } from '../route-loaders'

function MeRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('auth.me.title')}</h1>
      <p>{t('auth.me.intro')}</p>
      <AccountDetails />
    </>
  )
}

export const route: RouteModule = { Component: MeRoute, startData: (_, start) => start(meQueries.me()) }
