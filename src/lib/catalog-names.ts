import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZCatalogItem } from '@contract/catalog'
import { CATALOG_PAGE } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'

/**
 * The catalog's items, for the type filter and the names of types. One page of the largest size: the
 * catalog holds one item per request type, a handful, not thousands.
 */
export async function listCatalogItems(signal?: AbortSignal) {
  return (await apiRequest(`/catalogItems?limit=${CATALOG_PAGE.maxLimit}`, z.array(ZCatalogItem), { signal })).data
}

export const catalogQueries = {
  /** Names and descriptions come in the language asked for, so the language is part of the key. */
  list: (language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'list', { limit: CATALOG_PAGE.maxLimit, language }] as const,
      queryFn: ({ signal }) => listCatalogItems(signal),
      // Products change rarely; on a language switch the names already shown stay until the new ones come.
      staleTime: 60 * 60_000,
      placeholderData: keepPreviousData,
    }),
}
