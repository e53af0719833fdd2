import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { UserManager } from 'oidc-client-ts'
import { apiDocQueries } from '@/features/api-status/api/get-api-doc'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import { AuthCallback } from '@/features/auth/components/auth-callback'
import { MobileCallback } from '@/features/auth/components/mobile-callback'
import { MobileContinuePage } from '@/features/auth/components/mobile-continue-page'
import { mobileCallbackLoader } from '@/features/auth/mobile-sign-in'
import { RequireSignIn } from '@/features/auth/components/require-sign-in'
import { SignInPage } from '@/features/auth/components/sign-in-page'
import { requestDetailQueries } from '@/features/request-detail/api/get-request'
import { loadPageCatalogs } from '@/i18n/i18n'
import { Layout } from './layout'
import { ApiRoute } from './routes/api'
import { MeRoute } from './routes/me'
import { NewRequestRoute } from './routes/new-request'
import { NotFoundRoute } from './routes/not-found'
import { PageLoading } from './routes/page-loading'
import { RouteError } from './routes/route-error'

/** A lazily loaded page's code, once its messages are there too. */
async function withPageCatalogs<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadPageCatalogs()])
  return module
}

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
        { path: 'sign-in/mobile', element: <MobileContinuePage /> },
        { path: 'auth/mobile/callback', loader: mobileCallbackLoader(userManager), element: <MobileCallback /> },
        {
          element: <RequireSignIn />,
          children: [
            // The dashboard and the overdue view load with their routes; their charts are a chunk of their own.
            { index: true, lazy: async () => ({ Component: (await withPageCatalogs(import('./routes/home'))).HomeRoute }) },
            { path: 'overdue', lazy: async () => ({ Component: (await withPageCatalogs(import('./routes/overdue'))).OverdueRoute }) },
            {
              path: 'requests',
              // The list's code loads with its route, so the sign-in page does not carry it.
              lazy: async () => {
                const { requestsLoader, RequestsRoute } = await import('./routes/requests')
                return { loader: requestsLoader(queryClient, userManager), Component: RequestsRoute }
              },
            },
            // The catalog and the creation forms load their code with their routes, never with the entry.
            { path: 'catalog', lazy: async () => ({ Component: (await import('./routes/catalog')).CatalogRoute }) },
            { path: 'catalog/:id', lazy: async () => ({ Component: (await import('./routes/catalog-item')).CatalogItemRoute }) },
            // Its form's code is loaded by the page itself, so that the guard and the heading show at once.
            { path: 'requests/new', element: <NewRequestRoute /> },
            // The account and API pages (issue 7) are in the first chunk, small, so that they open offline too.
            { path: 'me', element: <MeRoute /> },
            {
              path: 'api',
              loader: () => {
                // /status, /version and /doc need no token: starting them with the route is harmless.
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
            // The cloud lists (issue 9): the page's code loads with its route.
            { path: 'cloud', lazy: async () => ({ Component: (await import('./routes/cloud')).CloudRoute }) },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
