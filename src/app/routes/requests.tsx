import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { RequestsList } from '@/features/requests/components/requests-list'
import { personKey } from '@/lib/person-key'
import { columnsFor, fieldsOf } from '@/features/requests/columns'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { requestQueries } from '@/lib/queries/requests'
import { parseListSearch } from '@/lib/request-search'
import { requestsShouldRevalidate, searchParamsOf, type RouteModule } from '../route-loaders'

function RequestsRoute() {
  const { t } = useTranslation()
  // Saved views and "changed since your last look" are kept per person (docs/decisions/0025).
  const me = useQuery(meQueries.me())
  return (
    <>
      <h1>{t('requests.list.title')}</h1>
      <RequestsList person={personKey(me.data)} />
    </>
  )
}

export const route: RouteModule = {
  Component: RequestsRoute,
  shouldRevalidate: requestsShouldRevalidate,
  /** The page of rows with the columns the person shows, and the type names. */
  startData: (args, start) => {
    const params = searchParamsOf(args)
    const search = parseListSearch(params)
    const fields = fieldsOf(columnsFor(params))
    start(requestQueries.list(search, fields))
    start(catalogQueries.all(currentLanguage()))
  },
}
