import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RequireSignIn } from '@/features/auth/components/require-sign-in'
import type { AuthSession } from '@/features/auth/session'
import { Layout } from './layout'
import { lazyPage } from './lazy-page'
import { loadSignedInHeader } from './shell/signed-in-part'
import { routeProperties, type RouteModule } from './route-loaders'
import { SIGNED_IN_PAGES, type SignedInPage } from './route-table'
import { SignInUnavailable } from './sign-in-unavailable'
import { NotFoundRoute } from './routes/not-found'
import { RouteError } from './routes/route-error'

/** Each signed-in page's module, by its name in the route table: a chunk of its own. */
const PAGE_MODULES: Record<SignedInPage['module'], () => Promise<{ route: RouteModule }>> = {
  home: () => import('./routes/home'),
  overdue: () => import('./routes/overdue'),
  requests: () => import('./routes/requests'),
  'new-request': () => import('./routes/new-request'),
  catalog: () => import('./routes/catalog'),
  'catalog-item': () => import('./routes/catalog-item'),
  'bulk-order': () => import('./routes/bulk-order'),
  me: () => import('./routes/me'),
  api: () => import('./routes/api'),
  'request-detail': () => import('./routes/request-detail'),
  cloud: () => import('./routes/cloud'),
}

/**
 * Routes compose features; every signed-in route's module (src/app/routes/*.tsx) exports its page and the start of
 * the queries it reads, which becomes the route's loader (src/app/route-loaders.ts, docs/architecture.md). The
 * signed-in pages are the route table's (src/app/route-table.ts).
 * Everything but the sign-in pages, the sign-in callbacks and the not-found page needs a signed-in person.
 * Pages load with their routes (`lazyPage`: the route's module and the message catalogs of the features it shows),
 * so that the entry holds only the shell (docs/decisions/0012-list-page-javascript-budget.md).
 */
/** Makes the router from the routes: the browser's, or a memory router where the first view is rendered (src/entry-server.tsx). */
export type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>

export function createRouter(queryClient: QueryClient, session: AuthSession, create: RouterFactory = (routes) => createBrowserRouter(routes)) {
  // The sign-in pages need oidc-client-ts and the gateway's sign-in configuration: their route waits for both.
  const withSignInLibrary = (page: () => Promise<{ Component: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
    try {
      return (await Promise.all([page(), session.userManager()]))[0]
    } catch (error) {
      return { Component: () => <SignInUnavailable error={error} /> }
    }
  }
  // A signed-in route: its module's page and loader, with the messages of the features it shows, and the header's
  // signed-in part (on the first page after signing in).
  const signedIn = ({ path, module, features }: SignedInPage) => {
    const lazy = lazyPage(
      async () => {
        const [{ route }] = await Promise.all([PAGE_MODULES[module](), loadSignedInHeader()])
        return routeProperties(queryClient, session, route)
      },
      ...features,
    )
    return path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy }
  }
  return create([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // While the first page's loader and code arrive: the shell with a quiet, announced placeholder (the same
      // element type as `element`, so the shell stays in place when the page arrives).
      hydrateFallbackElement: <Layout pageLoading />,
      children: [
        { path: 'sign-in', lazy: lazyPage(async () => ({ Component: (await import('@/features/auth/components/sign-in-page')).SignInPage })) },
        {
          path: 'auth/callback',
          lazy: withSignInLibrary(
            lazyPage(async () => ({ Component: (await import('@/features/auth/components/auth-routes')).AuthCallbackRoute }), 'auth/pages'),
          ),
        },
        {
          path: 'sign-in/mobile',
          lazy: lazyPage(async () => ({ Component: (await import('@/features/auth/components/mobile-continue-page')).MobileContinuePage }), 'auth/pages'),
        },
        {
          path: 'auth/mobile/callback',
          // The mobile answer becomes the application's signed-in person: the route waits for the sign-in library.
          lazy: lazyPage(async () => {
            const [{ mobileCallbackLoader }, { MobileCallback }, userManager] = await Promise.all([
              import('@/features/auth/mobile-sign-in'),
              import('@/features/auth/components/mobile-callback'),
              session.userManager(),
            ])
            return { loader: mobileCallbackLoader(userManager), Component: MobileCallback }
          }, 'auth/pages'),
        },
        {
          element: <RequireSignIn />,
          children: SIGNED_IN_PAGES.map(signedIn),
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
