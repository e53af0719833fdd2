import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query'

/**
 * Starts a query ahead of the component that reads it (a route's loader, the list's next page): fetched
 * unless its cached data is fresh, not waited for, its failure left to the component that reads the same
 * options, which shows it. `queryClient.query` is the installed TanStack Query's non-deprecated form of
 * `prefetchQuery`/`ensureQueryData` (docs/architecture.md, "Loading a route's data").
 */
export function startQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>,
): void {
  queryClient.query(options).catch(() => undefined)
}
