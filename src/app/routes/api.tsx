import { useTranslation } from '@/i18n/use-translation'
import { ApiDescription } from '@/features/api-status/components/api-description'
import { ApiStatusPanel } from '@/features/api-status/components/api-status-panel'
import { ApiVersionCard } from '@/features/api-status/components/api-version-card'
import { apiDocQueries } from '@/features/api-status/api/get-api-doc'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import type { RouteModule } from '../route-loaders'

function ApiRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('apiStatus.page.title')}</h1>
      <p>{t('apiStatus.page.intro')}</p>
      <ApiStatusPanel />
      <ApiVersionCard />
      <ApiDescription />
    </>
  )
}

export const route: RouteModule = {
  Component: ApiRoute,
  startData: (_, start) => {
    start(apiStatusQueries.status())
    start(apiStatusQueries.version())
    start(apiDocQueries.doc())
  },
}
