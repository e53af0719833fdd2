import type { ComponentType } from 'react'
import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query'
import type { LoaderFunction, LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router'
import type { AuthSession } from '@/features/auth/session'
import { startQuery } from '@/lib/queries/start-query'

/**
 * The one way a signed-in route loads its data (docs/architecture.md, "Loading a route's data"). A route's module
 * (src/app/routes/*.tsx) exports its page and `startData`, which starts the queries the page reads with the same query
 * options its components pass to `useQuery`; the route's loader, made here, calls it as the navigation arrives. The
 * navigation does not wait for the queries: the page shows at once (with what is cached), and its components show
 * loading and failures. The loader comes with the route's code, as a route module does in React Router's framework
 * mode, so the entry carries no page's queries (docs/decisions/0012-list-page-javascript-budget.md). The gateway's
 * first view of a page (the list, the dashboard) runs this very loader on the server and hands its answers to the page
 * in the HTML (src/entry-server.tsx, docs/decisions/0026-first-view.md).
 *
 * Only with a session: without one a call answers 401, which would start a sign-in of its own before the sign-in page
 * shows (and an expired one is being renewed by RequireSignIn).
 */
export type StartData = (args: LoaderFunctionArgs, start: Starter) => void

type Starter = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>,
) => void

/** The search parameters of the address being opened. */
export const searchParamsOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams

/** A route module: its page and, for a page that reads the API, the start of its data; its own revalidation rule. */
export interface RouteModule {
  Component: ComponentType
  startData?: StartData
  shouldRevalidate?: ShouldRevalidateFunction
}

interface RouteProperties {
  Component: ComponentType
  loader?: LoaderFunction
  shouldRevalidate?: ShouldRevalidateFunction
}

/** The route's page and, when its module starts data, its loader (React Router's lazy route properties). */
export function routeProperties(queryClient: QueryClient, session: AuthSession, module: RouteModule): RouteProperties {
  const { startData, shouldRevalidate } = module
  const properties: RouteProperties = { Component: module.Component, ...(shouldRevalidate ? { shouldRevalidate } : {}) }
  if (!startData) return properties
  return {
    ...properties,
    loader: (args: LoaderFunctionArgs) => {
      if (session.getSnapshot().signedIn) startData(args, (options) => startQuery(queryClient, options))
      return null
    },
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
