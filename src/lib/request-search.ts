import { z } from 'zod/mini'
import { REQUEST_FIELDS, type RequestField } from '@contract/request'
import {
  ZAggregateRequestsQuery,
  ZListRequestsQuery,
  type AggregateGroup,
  type AggregateRequestsQueryInput,
  type ListRequestsQueryInput,
} from '@contract/request-query'
import {
  DATE_RANGE_FILTERS,
  DEFAULT_SORT,
  LIST_FILTERS,
  SORT_KEYS,
  type ChipOf,
  type DateRangeFilter,
  type ListFilter,
  type ListFilterName,
  type ReadParam,
} from '@contract/list-view'

export { DEFAULT_SORT, localDay, presetRange, type DatePreset } from '@contract/list-view'

/**
 * The view model shared by the requests list and the dashboard, derived from the list view's one declaration
 * (contract/list-view.ts, docs/decisions/0038-list-view-declaration.md): the address, the API query, the chips and the
 * filter form's reading. The address holds the API's own filter names (so a link reads like the query it sends), plus
 * `page` and `size` for people. Parsing never fails: a value that does not fit is dropped, so an old or hand-edited
 * link still opens a page. The dashboard's bars link to the list with these parameters, so a bar's count and the
 * list's total come from the same filters (docs/decisions/0013-dashboard.md).
 */
export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]

/** Every filter, as the derived code reads it (each entry's own types are the declaration's). */
const FILTERS: readonly ListFilter[] = LIST_FILTERS

type Filter = (typeof LIST_FILTERS)[number]
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never
type Flat<T> = { [K in keyof T]: T[K] }
type ValuesOf<F> = F extends ListFilter<string, infer V> ? V : never
type FilterValues = Flat<UnionToIntersection<ValuesOf<Filter>>>

/** Sort, page and size, as the address holds them (the filters are the declaration's). */
const ZListPaging = z.object({
  sort: z.catch(z.string().check(z.regex(new RegExp(`^-?(${SORT_KEYS.map((f) => f.replace('.', '\\.')).join('|')})$`))), DEFAULT_SORT),
  page: z.catch(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
  size: z.catch(z.union(PAGE_SIZES.map((size) => z.literal(size))), 20),
})
export type RequestListSearch = FilterValues & { sort: string; page: number; size: PageSize }

/** The view's values of one filter (the declaration's functions take and give them). */
const valuesOf = (search: RequestListSearch) => search as unknown as Record<string, never>

/** The view's filters read through the declaration (`get` from an address or a filter form), a preset giving its days. */
function readFilters(filters: readonly ListFilter[], get: ReadParam, now: Date): Partial<RequestListSearch> {
  const raw = Object.assign({}, ...filters.map((filter) => filter.read(get))) as Record<string, unknown>
  const shape = Object.assign({}, ...filters.map((filter) => filter.shape)) as Record<string, z.ZodMiniType>
  const checked = z.object(shape).parse(raw) as Record<string, unknown>
  return filters.reduce((values, filter) => filter.settle?.(values, now) ?? values, checked) as Partial<RequestListSearch>
}

/**
 * The view a URL holds. A range given as a preset is counted from `now`, in the person's time zone: the same link
 * covers the last 7 days whenever it is opened, and its bounds in the URL, if any, give way to it.
 */
export function parseListSearch(params: URLSearchParams, now: Date = new Date()): RequestListSearch {
  const paging = ZListPaging.parse({ sort: params.get('sort') ?? undefined, page: Number(params.get('page') ?? 1), size: Number(params.get('size') ?? 20) })
  return { ...readFilters(FILTERS, (name) => params.get(name), now), ...paging } as RequestListSearch
}

/** The URL parameters of a view; defaults are left out so that links stay short. */
export function toSearchParams(search: RequestListSearch): URLSearchParams {
  const params = new URLSearchParams()
  for (const filter of FILTERS) filter.write(valuesOf(search), (name, value) => params.set(name, value))
  if (search.sort !== DEFAULT_SORT) params.set('sort', search.sort)
  if (search.page !== 1) params.set('page', String(search.page))
  if (search.size !== 20) params.set('size', String(search.size))
  return params
}

export const EMPTY_SEARCH: RequestListSearch = parseListSearch(new URLSearchParams())

/** The view with no filter, keeping its sort and page size: what "Reset filters" leads to. */
export function withoutFilters(search: RequestListSearch): RequestListSearch {
  return { ...EMPTY_SEARCH, sort: search.sort, size: search.size }
}

/** Whether any filter narrows the view. */
export function hasFilters(search: RequestListSearch): boolean {
  return toSearchParams(withoutFilters(search)).toString() !== toSearchParams({ ...search, page: 1 }).toString()
}

/** The URL form of the filters alone: two views with the same filters have the same key. */
export function filtersKey(search: RequestListSearch): string {
  return toSearchParams({ ...search, sort: DEFAULT_SORT, page: 1, size: 20 }).toString()
}

/** The filters of a view as API query parameters, shared by GET /requests and GET /requests/aggregate. */
function filterParams(search: RequestListSearch): Record<string, string> {
  const query: Record<string, string> = {}
  for (const filter of FILTERS) filter.toApi(valuesOf(search), (name, value) => (query[name] = value))
  return query
}

/**
 * The GET /requests query for a view, checked against the contract so the SPA never sends what the API
 * would refuse. A customer reference without `*` is searched as a prefix, as a person typing expects.
 */
export function toApiQuery(search: RequestListSearch, fields?: readonly RequestField[]): URLSearchParams {
  const query: Record<string, string> = {
    offset: String((search.page - 1) * search.size),
    limit: String(search.size),
    sort: search.sort,
    ...filterParams(search),
  }
  if (fields?.length) query.fields = [...new Set(fields)].filter((f) => (REQUEST_FIELDS as readonly string[]).includes(f)).join(',')
  ZListRequestsQuery.parse(query satisfies ListRequestsQueryInput)
  return new URLSearchParams(query)
}

/**
 * The GET /requests query of `limit` requests from `offset` of a view, whatever its page size: the paging reader
 * reads with the operator's `pageSizeMax` (src/lib/queries/operator.ts).
 */
export function toPagedApiQuery(search: RequestListSearch, fields: readonly RequestField[] | undefined, offset: number, limit: number): URLSearchParams {
  const query = toApiQuery({ ...search, page: 1 }, fields)
  query.set('offset', String(offset))
  query.set('limit', String(limit))
  ZListRequestsQuery.parse(Object.fromEntries(query) satisfies ListRequestsQueryInput)
  return query
}

/** The GET /requests/aggregate query counting a view's requests (the same filters as its list) by `groupBy`. */
export function toAggregateQuery(search: RequestListSearch, groupBy: AggregateGroup): URLSearchParams {
  const query: Record<string, string> = { ...filterParams(search), groupBy }
  ZAggregateRequestsQuery.parse(query satisfies AggregateRequestsQueryInput)
  return new URLSearchParams(query)
}

// --- The one filter-form model, for the list's and the dashboard's forms --------------------------

/** The filters a form has a control for; a form names those it has, and the filters it has none for are kept. */
export type FilterControl = ListFilterName
export const FILTER_CONTROLS: readonly FilterControl[] = FILTERS.flatMap((filter) => (filter.control ? [filter.name as FilterControl] : []))

export type FormReading = { search: RequestListSearch; invertedRange?: undefined } | { search?: undefined; invertedRange: DateRangeFilter }

/** A filter form's field as the address would hold it: several values (checkboxes) joined with commas, trimmed. */
const formParam =
  (data: FormData): ReadParam =>
  (name) => {
    const values = data
      .getAll(name)
      .map((value) => String(value).trim())
      .filter(Boolean)
    return values.length ? values.join(',') : null
  }

/**
 * What a submitted filter form asks for: its fields, read once through the declaration, over the view it started
 * from, on page 1. The filters the form has no control for (a step brought by a dashboard bar, dates on the
 * dashboard) stay as they were, as do sort and page size. Type codes may come from checkboxes or, without the
 * catalog, typed with commas. A range whose end is before its start is not a view: the form says so on that range.
 */
export function readFilterForm(data: FormData, controls: readonly FilterControl[], base: RequestListSearch, now: Date = new Date()): FormReading {
  const read = readFilters(
    FILTERS.filter((filter) => (controls as readonly string[]).includes(filter.name)),
    formParam(data),
    now,
  )
  const search: RequestListSearch = { ...base, ...read, page: 1 }
  const invertedRange = DATE_RANGE_FILTERS.find(({ name, keys }) => {
    const [from, to] = [search[keys.from as keyof RequestListSearch], search[keys.to as keyof RequestListSearch]]
    return (controls as readonly string[]).includes(name) && from && to && from > to
  })
  return invertedRange ? { invertedRange } : { search }
}

// --- The filters in force, as removable chips (the list's and the dashboard's folded filters) -------

export interface FilterChip extends Omit<ChipOf<never>, 'without'> {
  /** The view without this filter. */
  without: RequestListSearch
}

/** Every filter in force, one chip per value, each with the view that removing it leads to. */
export function filterChips(search: RequestListSearch): FilterChip[] {
  return FILTERS.flatMap((filter) => filter.chips(valuesOf(search)).map((chip) => ({ ...chip, without: { ...search, ...chip.without } })))
}

export type { ListFilterName }
