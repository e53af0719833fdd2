import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZCatalogItem } from '@contract/catalog'
import { HEADER } from '@contract/common'
import { CATALOG_PAGE } from '@contract/request-query'
import type { RequestCategory } from '@contract/request'
import { apiRequest } from '@/lib/api-client'

export interface CatalogSearch {
  q?: string
  category?: RequestCategory
  offset: number
}

export const CATALOG_PAGE_SIZE = CATALOG_PAGE.defaultLimit

/** One page of GET /catalogItems, with the total the API counts (X-Total-Count). */
export async function listCatalogPage(search: CatalogSearch, signal?: AbortSignal) {
  const params = new URLSearchParams({ offset: String(search.offset), limit: String(CATALOG_PAGE_SIZE) })
  if (search.q) params.set('q', search.q)
  if (search.category) params.set('category', search.category)
  const response = await apiRequest(`/catalogItems?${params}`, z.array(ZCatalogItem), { signal })
  const total = Number(response.headers.get(HEADER.totalCount))
  return { items: response.data, total: Number.isFinite(total) ? total : response.data.length }
}

/** Every item, for choosing the one that acts on a request: a catalog holds a handful per operator. */
export async function listAllCatalogItems(signal?: AbortSignal) {
  return (await apiRequest(`/catalogItems?limit=${CATALOG_PAGE.maxLimit}`, z.array(ZCatalogItem), { signal })).data
}

export async function getCatalogItem(id: string, signal?: AbortSignal) {
  return (await apiRequest(`/catalogItems/${encodeURIComponent(id)}`, ZCatalogItem, { signal })).data
}

/** Names, descriptions and schema titles come in the language asked for, so the language is in every key. */
export const catalogQueries = {
  page: (search: CatalogSearch, language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'page', search, language] as const,
      queryFn: ({ signal }) => listCatalogPage(search, signal),
      placeholderData: keepPreviousData,
      staleTime: 5 * 60_000,
    }),
  all: (language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'all', language] as const,
      queryFn: ({ signal }) => listAllCatalogItems(signal),
      staleTime: 5 * 60_000,
    }),
  detail: (id: string, language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'detail', id, language] as const,
      queryFn: ({ signal }) => getCatalogItem(id, signal),
      staleTime: 5 * 60_000,
    }),
}
