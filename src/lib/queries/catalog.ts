import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ZCatalogItem, type CatalogItem } from '@contract/catalog'
import { HEADER } from '@contract/common'
import { CATALOG_PAGE } from '@contract/request-query'
import { ZRequestCategory, type RequestCategory } from '@contract/request'
import { isUnreadable, rowsOf } from '@contract/tolerant'
import { apiRequest } from '@/lib/api-client'

/**
 * The catalog resource's one query factory (docs/architecture.md, "Loading a route's data"), shared by the
 * list (type names and the type filter), the catalog pages and the creation forms. Names, descriptions and
 * schema titles come in the language asked for, so the language is in every key. Lists are read item by item
 * (`rowsOf`): an item the contract cannot read is one item marked so, never a failed catalog
 * (docs/decisions/0030-forms-for-any-catalog.md).
 */

const ZCatalogRows = rowsOf(ZCatalogItem)

export interface CatalogSearch {
  q?: string
  category?: RequestCategory
  offset: number
}

export const CATALOG_PAGE_SIZE = CATALOG_PAGE.defaultLimit

/** The catalog's search lives in the address (`/catalog?q=&category=&page=`), so a link reproduces it. */
export function parseCatalogSearch(params: URLSearchParams): CatalogSearch {
  const category = ZRequestCategory.safeParse(params.get('category'))
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1))
  return { q: params.get('q')?.trim() || undefined, category: category.success ? category.data : undefined, offset: (page - 1) * CATALOG_PAGE_SIZE }
}

/** One page of GET /catalogItems, with the total the API counts (X-Total-Count); an unreadable item stays in its place, marked. */
export async function listCatalogPage(search: CatalogSearch, signal?: AbortSignal) {
  const params = new URLSearchParams({ offset: String(search.offset), limit: String(CATALOG_PAGE_SIZE) })
  if (search.q) params.set('q', search.q)
  if (search.category) params.set('category', search.category)
  const response = await apiRequest(`/catalogItems?${params}`, ZCatalogRows, { signal })
  const total = Number(response.headers.get(HEADER.totalCount))
  return { items: response.data, total: Number.isFinite(total) ? total : response.data.length }
}

/**
 * Every item in one page of the largest size: a catalog holds one item per request type, a handful, not thousands.
 * Only the items that could be read: this list names types and opens forms; the catalog's page shows the others.
 */
export async function listAllCatalogItems(signal?: AbortSignal): Promise<CatalogItem[]> {
  const rows = (await apiRequest(`/catalogItems?limit=${CATALOG_PAGE.maxLimit}`, ZCatalogRows, { signal })).data
  return rows.filter((row): row is CatalogItem => !isUnreadable(row))
}

export async function getCatalogItem(id: string, signal?: AbortSignal) {
  return (await apiRequest(`/catalogItems/${encodeURIComponent(id)}`, ZCatalogItem, { signal })).data
}

/** Products change rarely. */
const CATALOG_STALE_MS = 60 * 60_000

export const catalogQueries = {
  all: (language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'all', language] as const,
      queryFn: ({ signal }) => listAllCatalogItems(signal),
      staleTime: CATALOG_STALE_MS,
      // On a language switch the names already shown stay until the new ones come.
      placeholderData: keepPreviousData,
    }),
  page: (search: CatalogSearch, language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'page', search, language] as const,
      queryFn: ({ signal }) => listCatalogPage(search, signal),
      placeholderData: keepPreviousData,
      staleTime: CATALOG_STALE_MS,
    }),
  detail: (id: string, language: string) =>
    queryOptions({
      queryKey: ['catalogItems', 'detail', id, language] as const,
      queryFn: ({ signal }) => getCatalogItem(id, signal),
      staleTime: CATALOG_STALE_MS,
    }),
}
