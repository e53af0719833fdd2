import type { QueryClient } from '@tanstack/react-query'
import type { UserManager } from 'oidc-client-ts'
import type { LoaderFunctionArgs } from 'react-router'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/features/requests/api/list-catalog-items'
import { parseListSearch } from '@/lib/request-search'
import { requestQueries } from '@/features/requests/api/request-queries'
import { fieldsOf, readVisibleColumns } from '@/features/requests/columns'
import { RequestsList } from '@/features/requests/components/requests-list'

/**
 * Starts the page's queries with the navigation (the same query keys the list uses), so the rows arrive
 * with the page. The navigation does not wait for them: the page shows at once, and the rows already on
 * screen stay while new ones load.
 */
export function requestsLoader(queryClient: QueryClient, userManager: UserManager) {
  return ({ request }: LoaderFunctionArgs) => {
    const search = parseListSearch(new URL(request.url).searchParams)
    // Only with a session: without one the call answers 401, which would start a sign-in of its own before
    // the sign-in page shows (and an expired one is being renewed by RequireSignIn).
    void userManager.getUser().then((user) => {
      if (!user || user.expired) return
      void queryClient.prefetchQuery(requestQueries.list(search, fieldsOf(readVisibleColumns())))
      void queryClient.prefetchQuery(catalogQueries.list(currentLanguage()))
    })
    return null
  }
}

export function RequestsRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('requests.list.title')}</h1>
      <RequestsList />
    </>
  )
}
