import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router'
import { currentLanguage } from '@/i18n/i18n'
import type { AuthSession } from '@/features/auth/session'
import { catalogQueries } from '@/features/requests/api/list-catalog-items'
import { rememberListFields } from '@/lib/early-start'
import { parseListSearch, toApiQuery } from '@/lib/request-search'
import { requestQueries } from '@/features/requests/api/request-queries'
import { fieldsOf, readVisibleColumns } from '@/features/requests/columns'

/**
 * Starts the list page's queries with the navigation (the same query keys the list uses), while the page's
 * code loads, so the rows arrive with the page. The navigation does not wait for them: the page shows at
 * once, and the rows already on screen stay while new ones load.
 */
export function requestsLoader(queryClient: QueryClient, session: AuthSession) {
  return ({ request }: LoaderFunctionArgs) => {
    // Only with a session: without one the call answers 401, which would start a sign-in of its own before
    // the sign-in page shows (and an expired one is being renewed by RequireSignIn).
    if (!session.getSnapshot().signedIn) return null
    const search = parseListSearch(new URL(request.url).searchParams)
    const fields = fieldsOf(readVisibleColumns())
    // The next visit's HTML asks for the same fields before the code arrives (docs/decisions/0024-delivery.md).
    rememberListFields(toApiQuery(search, fields).get('fields'))
    void queryClient.prefetchQuery(requestQueries.list(search, fields))
    void queryClient.prefetchQuery(catalogQueries.list(currentLanguage()))
    return null
  }
}

/**
 * Once the list is on screen it asks for its own rows (its queries have the loader's keys), so a change of
 * page, sort or filters does not run the loader again: the router then commits the new view in the same task
 * as the click (the list asks for it with `flushSync`) instead of after a round of loaders. Other navigations
 * keep React Router's default.
 */
export const requestsShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && formMethod === undefined ? false : defaultShouldRevalidate
