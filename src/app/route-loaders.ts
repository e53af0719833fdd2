import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query'
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router'
import { currentLanguage } from '@/i18n/i18n'
import { apiDocQueries } from '@/features/api-status/api/get-api-doc'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import { meQueries } from '@/features/auth/api/get-me'
import type { AuthSession } from '@/features/auth/session'
import { cloudQueries } from '@/features/cloud/api/cloud-queries'
import { dashboardQueries } from '@/features/dashboard/api/aggregate-requests'
import { OVERDUE_SEARCH, overdueQueries } from '@/features/dashboard/api/overdue-requests'
import { parseBreakdown } from '@/features/dashboard/chart-groups'
import { fieldsOf, readVisibleColumns } from '@/features/requests/columns'
import { catalogQueries, parseCatalogSearch } from '@/lib/queries/catalog'
import { requestQueries } from '@/lib/queries/requests'
import { startQuery } from '@/lib/queries/start-query'
import { parseListSearch } from '@/lib/request-search'

/**
 * The one way a signed-in route loads its data (docs/architecture.md, "Loading a route's data"): its loader
 * starts the queries its page reads, with the same query options the page's components pass to `useQuery`,
 * while the page's code loads, so the data arrives with the page. The navigation does not wait for them: the
 * page shows at once (with what is cached), and its components show loading and failures.
 *
 * Only with a session: without one a call answers 401, which would start a sign-in of its own before the
 * sign-in page shows (and an expired one is being renewed by RequireSignIn).
 */
function signedInLoader(queryClient: QueryClient, session: AuthSession, start: (args: LoaderFunctionArgs, start: Starter) => void) {
  return (args: LoaderFunctionArgs) => {
    if (session.getSnapshot().signedIn) start(args, (options) => startQuery(queryClient, options))
    return null
  }
}

type Starter = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>,
) => void

const searchParamsOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams

/** Loaders of the signed-in routes, by route; src/app/router.tsx gives each to its route. */
export function routeLoaders(queryClient: QueryClient, session: AuthSession) {
  const loader = (start: (args: LoaderFunctionArgs, start: Starter) => void) => signedInLoader(queryClient, session, start)
  return {
    /** `/`: the dashboard's two charts. */
    home: loader((args, start) => {
      const params = searchParamsOf(args)
      const search = parseListSearch(params)
      start(dashboardQueries.aggregate(search, 'status'))
      start(dashboardQueries.aggregate(search, parseBreakdown(params.get('groupBy'))))
    }),
    overdue: loader((_, start) => {
      start(overdueQueries.list())
      start(dashboardQueries.aggregate(OVERDUE_SEARCH, 'type'))
    }),
    /** `/requests`: the page of rows with the columns the person shows, and the type names. */
    requests: loader((args, start) => {
      start(requestQueries.list(parseListSearch(searchParamsOf(args)), fieldsOf(readVisibleColumns())))
      start(catalogQueries.all(currentLanguage()))
    }),
    /** `/requests/new`: the person's scope, then the item's form, the request it starts from, or what can be ordered. */
    newRequest: loader((args, start) => {
      const params = searchParamsOf(args)
      const item = params.get('item')
      const from = params.get('from')
      start(meQueries.me())
      if (from) start(requestQueries.detail(from))
      if (item && !from) start(catalogQueries.detail(item, currentLanguage()))
      else start(catalogQueries.all(currentLanguage()))
    }),
    catalog: loader((args, start) => start(catalogQueries.page(parseCatalogSearch(searchParamsOf(args)), currentLanguage()))),
    catalogItem: loader(({ params }, start) => {
      if (params.id) start(catalogQueries.detail(params.id, currentLanguage()))
      start(meQueries.me())
    }),
    requestDetail: loader(({ params }, start) => {
      if (params.id) start(requestQueries.detail(params.id))
      start(meQueries.me())
    }),
    me: loader((_, start) => start(meQueries.me())),
    api: loader((_, start) => {
      start(apiStatusQueries.status())
      start(apiStatusQueries.version())
      start(apiDocQueries.doc())
    }),
    cloud: loader((_, start) => {
      start(cloudQueries.regions())
      start(cloudQueries.projects())
    }),
  }
}

/**
 * Once the list is on screen it asks for its own rows (its queries have the loader's keys), so a change of
 * page, sort or filters does not run the loader again: the router then commits the new view in the same task
 * as the click (the list asks for it with `flushSync`) instead of after a round of loaders (decision 0012).
 * Other navigations keep React Router's default.
 */
export const requestsShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && formMethod === undefined ? false : defaultShouldRevalidate
