import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { apiDocQueries } from '@/features/api-status/api/get-api-doc'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import { RequireSignIn } from '@/features/auth/components/require-sign-in'
import type { AuthSession } from '@/features/auth/session'
import { requestDetailQueries } from '@/features/request-detail/api/get-request'
import { Layout } from './layout'
import { lazyPage } from './lazy-page'
import { SignInUnavailable } from './sign-in-unavailable'
import { NotFoundRoute } from './routes/not-found'
import { requestsLoader, requestsShouldRevalidate } from './routes/requests-loader'
import { RouteError } from './routes/route-error'

/**
 * Routes compose features; loaders start the queries their page needs so data arrives with the page.
 * Everything but the sign-in pages, the sign-in callbacks and the not-found page needs a signed-in person.
 * Pages load with their routes (`lazyPage`: the page's code and the message catalogs of the features it shows),
 * so that the entry holds only the shell; a route's loader stays here when its queries should start while the
 * page's code loads (docs/decisions/0012-list-page-javascript-budget.md).
 */
export function createRouter(queryClient: QueryClient, session: AuthSession) {
  // The sign-in pages need oidc-client-ts and the gateway's sign-in configuration: their route waits for both.
  const withSignInLibrary = (page: () => Promise<{ Component: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
    try {
      return (await Promise.all([page(), session.userManager()]))[0]
    } catch (error) {
      return { Component: () => <SignInUnavailable error={error} /> }
    }
  }
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // While the first page's loader and code arrive: the shell with a quiet, announced placeholder (the same
      // element type as `element`, so the shell stays in place when the page arrives).
      hydrateFallbackElement: <Layout pageLoading />,
      children: [
        { path: 'sign-in', lazy: withSignInLibrary(lazyPage(async () => (await import('@/features/auth/components/auth-routes')).SignInRoute)) },
        { path: 'auth/callback', lazy: withSignInLibrary(lazyPage(async () => (await import('@/features/auth/components/auth-routes')).AuthCallbackRoute)) },
        { path: 'sign-in/mobile', lazy: lazyPage(async () => (await import('@/features/auth/components/mobile-continue-page')).MobileContinuePage) },
        {
          path: 'auth/mobile/callback',
          // The mobile answer becomes the application's signed-in person: the route waits for the sign-in library.
          lazy: async () => {
            const [{ mobileCallbackLoader }, { MobileCallback }, userManager] = await Promise.all([
              import('@/features/auth/mobile-sign-in'),
              import('@/features/auth/components/mobile-callback'),
              session.userManager(),
            ])
            return { loader: mobileCallbackLoader(userManager), Component: MobileCallback }
          },
        },
        {
          element: <RequireSignIn />,
          children: [
            // The dashboard and the overdue view; their charts are a chunk of their own.
            { index: true, lazy: lazyPage(async () => (await import('./routes/home')).HomeRoute, 'dashboard') },
            { path: 'overdue', lazy: lazyPage(async () => (await import('./routes/overdue')).OverdueRoute, 'dashboard') },
            {
              path: 'requests',
              loader: requestsLoader(queryClient, session),
              shouldRevalidate: requestsShouldRevalidate,
              lazy: lazyPage(async () => (await import('./routes/requests')).RequestsRoute, 'requests'),
            },
            { path: 'requests/new', lazy: lazyPage(async () => (await import('./routes/new-request')).NewRequestRoute, 'requests', 'create-request') },
            // The catalog and the creation forms (issue 6); the form's code is loaded by the page itself.
            { path: 'catalog', lazy: lazyPage(async () => (await import('./routes/catalog')).CatalogRoute, 'create-request') },
            { path: 'catalog/:id', lazy: lazyPage(async () => (await import('./routes/catalog-item')).CatalogItemRoute, 'create-request') },
            // The account and API pages load with their routes: the list's first load does not carry them
            // (docs/decisions/0024-delivery.md). Their messages are in the entry, with the banners'.
            { path: 'me', lazy: lazyPage(async () => (await import('./routes/me')).MeRoute) },
            {
              path: 'api',
              loader: () => {
                // /status, /version and /doc need no token: starting them with the route is harmless.
                void queryClient.prefetchQuery(apiStatusQueries.status())
                void queryClient.prefetchQuery(apiStatusQueries.version())
                void queryClient.prefetchQuery(apiDocQueries.doc())
                return null
              },
              lazy: lazyPage(async () => (await import('./routes/api')).ApiRoute),
            },
            {
              path: 'requests/:id',
              loader: ({ params }) => {
                // Only with a session: without one the call answers 401, which would start a sign-in of its own
                // before the sign-in page shows. The page does not wait for this: it is a head start.
                if (params.id && session.getSnapshot().signedIn) void queryClient.prefetchQuery(requestDetailQueries.detail(params.id))
                return null
              },
              lazy: lazyPage(async () => (await import('./routes/request-detail')).RequestDetailRoute, 'request-detail'),
            },
            // The cloud lists (issue 9).
            { path: 'cloud', lazy: lazyPage(async () => (await import('./routes/cloud')).CloudRoute, 'cloud') },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
