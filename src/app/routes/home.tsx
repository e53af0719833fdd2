import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { Dashboard } from '@/features/dashboard/components/dashboard'
import { personKey } from '@/lib/person-key'
import { dashboardQueries } from '@/features/dashboard/api/aggregate-requests'
import { parseBreakdown } from '@/features/dashboard/chart-groups'
import { parseListSearch } from '@/lib/request-search'
import { catalogQueries } from '@/lib/queries/catalog'
import { currentLanguage } from '@/i18n/i18n'
import { searchParamsOf, type RouteModule } from '../route-loaders'

/** The home page is the dashboard (loaded with its route, so the sign-in page does not carry it). */
function HomeRoute() {
  const { t } = useTranslation()
  // What changed since the last look is kept per person (docs/decisions/0025).
  const me = useQuery(meQueries.me())
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <Dashboard person={personKey(me.data)} />
    </>
  )
}

export const route: RouteModule = {
  Component: HomeRoute,
  /** The dashboard's two charts, and the catalog that names their types (in the first view too, 0026). */
  startData: (args, start) => {
    const params = searchParamsOf(args)
    const search = parseListSearch(params)
    start(dashboardQueries.aggregate(search, 'status'))
    start(dashboardQueries.aggregate(search, parseBreakdown(params.get('groupBy'))))
    start(catalogQueries.all(currentLanguage()))
  },
}
