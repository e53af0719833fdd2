import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RequireSignIn } from '@/features/auth/components/require-sign-in'
import type { AuthSession } from '@/features/auth/session'
import { Layout } from './layout'
import { lazyPage } from './lazy-page'
import { requestsShouldRevalidate, routeLoaders } from './route-loaders'
import { SignInUnavailable } from './sign-in-unavailable'
import { NotFoundRoute } from './routes/not-found'
import { RouteError } from './routes/route-error'

/**
 * Routes compose features; every signed-in route's loader starts the queries its page reads so data arrives
 * with the page (src/app/route-loaders.ts, docs/architecture.md).
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
  const loaders = routeLoaders(queryClient, session)
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // While the first page's loader and code arrive: the shell with a quiet, announced placeholder (the same
      // element type as `element`, so the shell stays in place when the page arrives).
      hydrateFallbackElement: <Layout pageLoading />,
      children: [
        { path: 'sign-in', lazy: lazyPage(async () => (await import('@/features/auth/components/sign-in-page')).SignInPage) },
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
            { index: true, loader: loaders.home, lazy: lazyPage(async () => (await import('./routes/home')).HomeRoute, 'dashboard') },
            { path: 'overdue', loader: loaders.overdue, lazy: lazyPage(async () => (await import('./routes/overdue')).OverdueRoute, 'dashboard') },
            {
              path: 'requests',
              loader: loaders.requests,
              shouldRevalidate: requestsShouldRevalidate,
              lazy: lazyPage(async () => (await import('./routes/requests')).RequestsRoute, 'requests'),
            },
            {
              path: 'requests/new',
              loader: loaders.newRequest,
              lazy: lazyPage(async () => (await import('./routes/new-request')).NewRequestRoute, 'requests', 'create-request'),
            },
            // The catalog and the creation forms; the form's code is loaded by the page itself.
            { path: 'catalog', loader: loaders.catalog, lazy: lazyPage(async () => (await import('./routes/catalog')).CatalogRoute, 'create-request') },
            {
              path: 'catalog/:id',
              loader: loaders.catalogItem,
              lazy: lazyPage(async () => (await import('./routes/catalog-item')).CatalogItemRoute, 'create-request'),
            },
            // The account and API pages load with their routes: the list's first load does not carry them
            // (docs/decisions/0024-delivery.md). Their messages are in the entry, with the banners'.
            { path: 'me', loader: loaders.me, lazy: lazyPage(async () => (await import('./routes/me')).MeRoute) },
            { path: 'api', loader: loaders.api, lazy: lazyPage(async () => (await import('./routes/api')).ApiRoute) },
            {
              path: 'requests/:id',
              loader: loaders.requestDetail,
              lazy: lazyPage(async () => (await import('./routes/request-detail')).RequestDetailRoute, 'request-detail'),
            },
            // The cloud lists.
            { path: 'cloud', loader: loaders.cloud, lazy: lazyPage(async () => (await import('./routes/cloud')).CloudRoute, 'cloud') },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
