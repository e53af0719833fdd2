import { useSyncExternalStore } from 'react'
import { notifyManager, useQueryClient, type QueryCache } from '@tanstack/react-query'
import { ApiError } from './api-error'

/**
 * The error of the first query in the cache that `matches` (say, 403 code 50), read from the cache as it
 * changes: for page-wide answers to errors any query may meet.
 */
export function useCachedError(matches: (error: ApiError) => boolean): ApiError | null {
  const cache = useQueryClient().getQueryCache()
  return useSyncExternalStore(
    // Batched, as TanStack's own hooks do: the cache changes while other components render.
    (onChange) => cache.subscribe(notifyManager.batchCalls(onChange)),
    () => firstCachedError(cache, matches),
    // The gateway's first view (docs/decisions/0026-first-view.md) reads the same cache.
    () => firstCachedError(cache, matches),
  )
}

function firstCachedError(cache: QueryCache, matches: (error: ApiError) => boolean): ApiError | null {
  for (const { state } of cache.getAll()) {
    if (state.error instanceof ApiError && matches(state.error)) return state.error
  }
  return null
}
