import { useTranslation } from '@/i18n/use-translation'
import { OverdueRequests } from '@/features/dashboard/components/overdue-requests'
import { dashboardQueries } from '@/features/dashboard/api/aggregate-requests'
import { OVERDUE_SEARCH, overdueQueries } from '@/features/dashboard/api/overdue-requests'
import type { RouteModule } from '../route-loaders'

function OverdueRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('dashboard.overdue.title')}</h1>
      <p>{t('dashboard.overdue.intro')}</p>
      <OverdueRequests />
    </>
  )
}

export const route: RouteModule = {
  Component: OverdueRoute,
  startData: (_, start) => {
    start(overdueQueries.list())
    start(dashboardQueries.aggregate(OVERDUE_SEARCH, 'type'))
  },
}
