import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { HEADER } from '@contract/common'
import { DROPPED_PARAMETERS_HEADER } from '@contract/operator-profile'
import { ZRequest, ZRequestProjection, type RequestField, type RequestProjection } from '@contract/request'
import { isUnreadable, rowsOf, type Row } from '@contract/tolerant'
import { REQUEST_PAGE, ZAggregateResponse, type AggregateGroup } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'
import { readAllPages } from '@/lib/read-all-pages'
import { filtersKey, toAggregateQuery, toApiQuery, toPagedApiQuery, type RequestListSearch } from '@/lib/request-search'
import { currentLanguage, type Language } from '@/i18n/i18n'

/**
 * The request resource's one query factory (docs/architecture.md, "Loading a route's data"): every feature
 * that reads requests, and every route loader, builds its queries here, so a request is cached under one key
 * whoever reads it, and everything sits under ['requests'] so that invalidating `requestQueries.all()` after
 * a write refreshes lists, counts and details at once. Features add observer options (refresh intervals) on
 * top with a spread; they never write a key of their own.
 */

/**
 * A listed request, or one the contract could not read (its id and name when it had them, marked unreadable): lists
 * are read row by row, so that one row an operator wrote in another shape is one row, never a failed page
 * (docs/decisions/0028-tolerant-reader.md).
 */
export type RequestRow = Row<RequestProjection>

/** The rows that could be read, for what needs a request's fields (changes since the last look, groups, figures). */
export function readableRows(rows: readonly RequestRow[]): RequestProjection[] {
  return rows.filter((row): row is RequestProjection => !isUnreadable(row))
}

const ZRequestRows = rowsOf(ZRequestProjection)

export interface RequestPage {
  items: RequestRow[]
  /** X-Total-Count: every request matching the filters. */
  total: number
  /** X-Result-Count: requests in this page. */
  resultCount: number
  /** Position of the page's first request in the whole list (0-based), so a page shown says where it is. */
  offset: number
  /** The canonical parameters the operator did not accept (`sort`, `createdAt`, …): the page says so. */
  dropped: string[]
}

/**
 * The parameters the gateway left out of a list or aggregate call because the operator refused them
 * (DROPPED_PARAMETERS_HEADER, docs/decisions/0027-operator-profile.md): none when the header is absent.
 */
export function droppedParameters(headers: Headers): string[] {
  return (headers.get(DROPPED_PARAMETERS_HEADER) ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
}

/** GET /requests, one page of the search. */
export async function listRequests(search: RequestListSearch, fields: readonly RequestField[] | undefined, signal?: AbortSignal): Promise<RequestPage> {
  const response = await apiRequest(`/requests?${toApiQuery(search, fields)}`, ZRequestRows, { signal })
  return {
    items: response.data,
    total: Number(response.headers.get(HEADER.totalCount) ?? response.data.length),
    resultCount: Number(response.headers.get(HEADER.resultCount) ?? response.data.length),
    offset: (search.page - 1) * search.size,
    dropped: droppedParameters(response.headers),
  }
}

export interface RequestRows {
  items: RequestRow[]
  /** Every request matching the search, which may be more than `items` holds. */
  total: number
}

/**
 * The search's requests from the first page on, at most `maxRows` of them, through the one paging reader
 * (src/lib/read-all-pages.ts), `pageSize` at a time (the operator's `pageSizeMax`, src/lib/queries/operator.ts).
 */
export async function listRequestsUpTo(
  search: RequestListSearch,
  fields: readonly RequestField[],
  maxRows: number,
  signal?: AbortSignal,
  pageSize: number = REQUEST_PAGE.maxLimit,
): Promise<RequestRows> {
  const { count, results } = await readAllPages<RequestRow>(
    async ({ offset, limit, signal, headers }) => {
      const response = await apiRequest(`/requests?${toPagedApiQuery(search, fields, offset, limit)}`, ZRequestRows, {
        signal,
        headers,
      })
      return { count: Number(response.headers.get(HEADER.totalCount) ?? 0), results: response.data }
    },
    { limit: pageSize, maxItems: maxRows, signal },
  )
  return { items: results.slice(0, maxRows), total: count }
}

export interface GroupCount {
  key: string
  count: number
}

export interface Aggregate {
  /** Every group the API answers, in its order (lifecycle order for statuses, steps and sub-steps). */
  groups: GroupCount[]
  /** X-Total-Count: every request matching the filters, the sum of the groups. */
  total: number
  /** The canonical parameters the operator did not accept (a filter the counts are without). */
  dropped: string[]
}

/** GET /requests/aggregate: the API counts every group at once (docs/decisions/0002, 0013). */
export async function aggregateRequests(search: RequestListSearch, groupBy: AggregateGroup, signal?: AbortSignal): Promise<Aggregate> {
  const response = await apiRequest(`/requests/aggregate?${toAggregateQuery(search, groupBy)}`, ZAggregateResponse, { signal })
  const groups = Object.entries(response.data).map(([key, count]) => ({ key, count }))
  const sum = groups.reduce((total, group) => total + group.count, 0)
  return { groups, total: Number(response.headers.get(HEADER.totalCount) ?? sum), dropped: droppedParameters(response.headers) }
}

/** GET /requests/{id}, read in `language`: the API localizes rejection messages from Accept-Language. */
export async function getRequest(id: string, language: Language, signal?: AbortSignal) {
  return (await apiRequest(`/requests/${encodeURIComponent(id)}`, ZRequest, { signal, headers: { 'Accept-Language': language } })).data
}

export const requestQueries = {
  all: () => ['requests'] as const,
  /** One page of the list, with the fields the person shows (`undefined`: every field). */
  list: (search: RequestListSearch, fields?: readonly RequestField[]) =>
    queryOptions({
      queryKey: [...requestQueries.all(), 'list', search, fields ?? null] as const,
      queryFn: ({ signal }) => listRequests(search, fields, signal),
      // The page being left stays on screen while the next one loads: no flash of emptiness.
      placeholderData: keepPreviousData,
    }),
  /** The search's first `maxRows` requests, whatever the page size (the overdue view). */
  upTo: (search: RequestListSearch, fields: readonly RequestField[], maxRows: number, pageSize: number = REQUEST_PAGE.maxLimit) =>
    queryOptions({
      queryKey: [...requestQueries.all(), 'up-to', search, fields, maxRows, pageSize] as const,
      queryFn: ({ signal }) => listRequestsUpTo(search, fields, maxRows, signal, pageSize),
    }),
  /** Counts by group. The key holds the filters alone: page, size and sort do not change a count. */
  aggregate: (search: RequestListSearch, groupBy: AggregateGroup) =>
    queryOptions({
      queryKey: [...requestQueries.all(), 'aggregate', filtersKey(search), groupBy] as const,
      queryFn: ({ signal }) => aggregateRequests(search, groupBy, signal),
    }),
  /**
   * One request, whoever reads it (its page, or a form that starts from it). The language is part of what is
   * fetched, so it is part of the key, and switching language fetches the request in the other one; this is
   * the one place that knows, callers only pass the id.
   */
  detail: (id: string) => {
    const language = currentLanguage()
    return queryOptions({
      queryKey: [...requestQueries.all(), 'detail', id, language] as const,
      queryFn: ({ signal }) => getRequest(id, language, signal),
      // While the other language loads, the same request stays on screen; another request's data never does.
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
    })
  },
}
