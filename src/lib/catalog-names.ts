import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZCatalogItem, type CatalogItem } from '@contract/catalog'
import { CATALOG_PAGE } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'

/**
 * The catalog's items, for the names of request types wherever a type is shown (list, dashboard, overdue view,
 * request page, CSV) and for the type filters. One page of the largest size: the catalog holds one item per
 * request type, a handful, not thousands.
 */
export async function listCatalogItems(signal?: AbortSignal) {
  return (await apiRequest(`/catalogItems?limit=${CATALOG_PAGE.maxLimit}`, z.array(ZCatalogItem), { signal })).data
}

/** Names and descriptions come in the language asked for, so the language is part of the key. */
export const catalogNamesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalogItems', 'list', { limit: CATALOG_PAGE.maxLimit, language }] as const,
    queryFn: ({ signal }) => listCatalogItems(signal),
    // Products change rarely; on a language switch the names already shown stay until the new ones come.
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  })

/** A type's name in the person's language, or its code while the catalog is unknown or when it lists no such type. */
export function typeNamer(items: readonly CatalogItem[] | undefined): (type: string) => string {
  const names = new Map(items?.map((item) => [item.type, item.name]))
  return (type) => names.get(type) ?? type
}
