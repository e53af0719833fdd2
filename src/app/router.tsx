import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { UserManager } from 'oidc-client-ts'
import { apiDocQueries } from '@/features/api-status/api/get-api-doc'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import { AuthCallback } from '@/features/auth/components/auth-callback'
import { RequireSignIn } from '@/features/auth/components/require-sign-in'
import { SignInPage } from '@/features/auth/components/sign-in-page'
import { requestDetailQueries } from '@/features/request-detail/api/get-request'
import { Layout } from './layout'
import { ApiRoute } from './routes/api'
import { HomeRoute } from './routes/home'
import { MeRoute } from './routes/me'
import { NewRequestRoute } from './routes/new-request'
import { NotFoundRoute } from './routes/not-found'
import { requestsLoader, RequestsRoute } from './routes/requests'
import { PageLoading } from './routes/page-loading'
import { RouteError } from './routes/route-error'

/**
 * Routes compose features; loaders start the queries their page needs so data arrives with the page.
 * Everything but the sign-in page, the sign-in callback and the not-found page needs a signed-in person.
 */
export function createRouter(queryClient: QueryClient, userManager: UserManager) {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // While the first page's loader and code arrive: a quiet, announced placeholder instead of nothing.
      hydrateFallbackElement: <PageLoading />,
      children: [
        { path: 'sign-in', element: <SignInPage /> },
        { path: 'auth/callback', element: <AuthCallback /> },
        {
          element: <RequireSignIn />,
          children: [
            {
              index: true,
              loader: () => {
                // The status and version need no token: starting them before the session is known is harmless.
                void queryClient.prefetchQuery(apiStatusQueries.status())
                void queryClient.prefetchQuery(apiStatusQueries.version())
                return null
              },
              element: <HomeRoute />,
            },
            { path: 'requests', loader: requestsLoader(queryClient, userManager), element: <RequestsRoute /> },
            { path: 'requests/new', element: <NewRequestRoute /> },
            { path: 'me', element: <MeRoute /> },
            {
              path: 'api',
              loader: () => {
                void queryClient.prefetchQuery(apiStatusQueries.status())
                void queryClient.prefetchQuery(apiStatusQueries.version())
                void queryClient.prefetchQuery(apiDocQueries.doc())
                return null
              },
              element: <ApiRoute />,
            },
            {
              path: 'requests/:id',
              loader: ({ params }) => {
                // Only with a session: without one the call answers 401, which would start a sign-in of its own
                // before the sign-in page shows. The page does not wait for this: it is a head start.
                void userManager.getUser().then((user) => {
                  if (params.id && user && !user.expired) void queryClient.prefetchQuery(requestDetailQueries.detail(params.id))
                })
                return null
              },
              // Not needed to show the list: the page's code loads with its route.
              lazy: async () => ({ Component: (await import('./routes/request-detail')).RequestDetailRoute }),
            },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
