import { z } from 'zod/mini'
import { REQUEST_FIELDS, type RequestField } from '@contract/request'
import {
  SORTABLE_REQUEST_FIELDS,
  ZAggregateRequestsQuery,
  ZListRequestsQuery,
  type AggregateGroup,
  type AggregateRequestsQueryInput,
  type ListRequestsQueryInput,
} from '@contract/request-query'

/**
 * The filter model shared by the requests list and the dashboard, as it lives in the URL: the API's own
 * filter names (so a link reads like the query it sends), plus `page` and `size` for people. Parsing never
 * fails: a value that does not fit is dropped, so an old or hand-edited link still opens a page. The
 * dashboard's bars link to the list with these parameters, so a bar's count and the list's total come from
 * the same filters (docs/decisions/0013-dashboard.md).
 */
export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_SORT = '-createdAt'

/** The most ids a view filters on (a link from a chart or a list of ids); each is at most 64 characters (0002). */
const MAX_IDS = 100
/** The longest id filter a person can type: MAX_IDS ids of 64 characters, with their commas. */
export const MAX_ID_FILTER_LENGTH = MAX_IDS * 65
const list = (values: string) =>
  values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
const isoDate = z.iso.date()

// --- Date presets, computed in the person's time zone ---------------------------------------------

export const DATE_PRESETS = ['last7', 'last30', 'thisMonth', 'next30'] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

/** A day of the person's calendar as `YYYY-MM-DD` (the local date, not the UTC one). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The days a preset covers, both ends included, counted from the person's today. */
export function presetRange(preset: DatePreset, now: Date = new Date()): { from: string; to: string } {
  const day = (offset: number) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset))
  switch (preset) {
    case 'last7':
      return { from: day(-6), to: day(0) }
    case 'last30':
      return { from: day(-29), to: day(0) }
    case 'thisMonth':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(new Date(now.getFullYear(), now.getMonth() + 1, 0)) }
    case 'next30':
      return { from: day(0), to: day(29) }
  }
}

/** A status, step, sub-step or category as a URL may carry it: any code an operator could use, never free text. */
const ZCode = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/))

export const ZRequestListSearch = z.object({
  // Open codes (docs/decisions/0028-tolerant-reader.md): an operator's own statuses, steps and categories filter too.
  status: z.catch(z.array(ZCode), []),
  step: z.catch(z.array(ZCode), []),
  subStep: z.catch(z.array(ZCode), []),
  category: z.catch(z.array(ZCode), []),
  type: z.catch(z.array(z.string().check(z.minLength(1), z.maxLength(64))), []),
  customerReference: z.catch(z.optional(z.string().check(z.maxLength(19))), undefined),
  id: z.catch(z.optional(z.string().check(z.maxLength(MAX_ID_FILTER_LENGTH))), undefined),
  isOverdue: z.catch(z.optional(z.boolean()), undefined),
  isArchived: z.catch(z.optional(z.boolean()), undefined),
  requestedFrom: z.catch(z.optional(isoDate), undefined),
  requestedTo: z.catch(z.optional(isoDate), undefined),
  createdFrom: z.catch(z.optional(isoDate), undefined),
  createdTo: z.catch(z.optional(isoDate), undefined),
  updatedFrom: z.catch(z.optional(isoDate), undefined),
  updatedTo: z.catch(z.optional(isoDate), undefined),
  // A range given as a preset (`requestedPreset=last7`): its days are counted from the day the URL is read, so a
  // saved view or a link stays relative (docs/decisions/0025-list-views.md).
  requestedPreset: z.catch(z.optional(z.enum(DATE_PRESETS)), undefined),
  createdPreset: z.catch(z.optional(z.enum(DATE_PRESETS)), undefined),
  updatedPreset: z.catch(z.optional(z.enum(DATE_PRESETS)), undefined),
  sort: z.catch(z.string().check(z.regex(new RegExp(`^-?(${SORTABLE_REQUEST_FIELDS.map((f) => f.replace('.', '\\.')).join('|')})$`))), DEFAULT_SORT),
  page: z.catch(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
  size: z.catch(z.union(PAGE_SIZES.map((size) => z.literal(size))), 20),
})
export type RequestListSearch = z.infer<typeof ZRequestListSearch>

/** The date ranges of a view: two bounds, or a preset that gives both (the URL holds one or the other). */
export type DateRange = 'requested' | 'created' | 'updated'
export const DATE_RANGES = [
  { range: 'requested', from: 'requestedFrom', to: 'requestedTo', preset: 'requestedPreset' },
  { range: 'created', from: 'createdFrom', to: 'createdTo', preset: 'createdPreset' },
  { range: 'updated', from: 'updatedFrom', to: 'updatedTo', preset: 'updatedPreset' },
] as const satisfies readonly { range: DateRange; from: string; to: string; preset: string }[]

/** Names of the URL parameters for the date ranges, and the API parameters they become. */
const RANGES = [
  ['requestedFrom', 'keyDates.requestedAt.gte'],
  ['requestedTo', 'keyDates.requestedAt.lte'],
  ['createdFrom', 'createdAt.gte'],
  ['createdTo', 'createdAt.lte'],
  ['updatedFrom', 'updatedAt.gte'],
  ['updatedTo', 'updatedAt.lte'],
] as const

const codes = (given: string | null) => list(given ?? '').filter((value) => ZCode.safeParse(value).success)

/** The filters that take several values. */
const LIST_FILTERS = ['status', 'step', 'subStep', 'category', 'type'] as const

const flag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined)

/**
 * The view a URL holds. A range given as a preset is counted from `now`, in the person's time zone: the same link
 * covers the last 7 days whenever it is opened, and its bounds in the URL, if any, give way to it.
 */
export function parseListSearch(params: URLSearchParams, now: Date = new Date()): RequestListSearch {
  const get = (name: string) => params.get(name) ?? undefined
  const search = ZRequestListSearch.parse({
    // One unknown status or an over-long type drops that item, not the whole list.
    status: codes(params.get('status')),
    step: codes(params.get('step')),
    subStep: codes(params.get('subStep')),
    category: codes(params.get('category')),
    type: list(params.get('type') ?? '').filter((type) => type.length <= 64),
    customerReference: get('customerReference'),
    // As for types: an over-long id drops that id, not the filter (a dropped filter would list every request).
    id:
      list(params.get('id') ?? '')
        .filter((id) => id.length <= 64)
        .slice(0, MAX_IDS)
        .join(',') || undefined,
    isOverdue: flag(params.get('isOverdue')),
    isArchived: flag(params.get('isArchived')),
    ...Object.fromEntries(RANGES.map(([name]) => [name, get(name)])),
    ...Object.fromEntries(DATE_RANGES.map(({ preset }) => [preset, get(preset)])),
    sort: get('sort'),
    page: Number(params.get('page') ?? 1),
    size: Number(params.get('size') ?? 20),
  })
  for (const { from, to, preset } of DATE_RANGES) {
    const chosen = search[preset]
    if (!chosen) continue
    const days = presetRange(chosen, now)
    Object.assign(search, { [from]: days.from, [to]: days.to })
  }
  return search
}

/** The URL parameters of a view; defaults are left out so that links stay short. */
export function toSearchParams(search: RequestListSearch): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of LIST_FILTERS) if (search[name].length) params.set(name, search[name].join(','))
  if (search.customerReference) params.set('customerReference', search.customerReference)
  if (search.id) params.set('id', search.id)
  if (search.isOverdue !== undefined) params.set('isOverdue', String(search.isOverdue))
  if (search.isArchived !== undefined) params.set('isArchived', String(search.isArchived))
  for (const { from, to, preset } of DATE_RANGES) {
    // A preset stands for its bounds: the URL keeps it relative.
    const chosen = search[preset]
    if (chosen) params.set(preset, chosen)
    else for (const bound of [from, to] as const) if (search[bound]) params.set(bound, search[bound])
  }
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
  for (const name of LIST_FILTERS) if (search[name].length) query[name] = search[name].join(',')
  if (search.customerReference) {
    // A 19-character value has no room left for the `*` (the API's limit): it is searched as it stands.
    const exact = search.customerReference.includes('*') || search.customerReference.length >= 19
    query.customerReference = exact ? search.customerReference : `${search.customerReference}*`
  }
  // Several ids may be given, comma-separated; empty items (`a,,b`, a trailing comma) would be refused.
  const ids = list(search.id ?? '')
  if (ids.length) query.id = ids.join(',')
  if (search.isOverdue !== undefined) query.isOverdue = String(search.isOverdue)
  if (search.isArchived !== undefined) query.isArchived = String(search.isArchived)
  for (const [name, apiName] of RANGES) if (search[name]) query[apiName] = search[name]
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

/** The controls a filter form may have; a form names those it has, and the filters it has none for are kept. */
export const FILTER_CONTROLS = ['status', 'type', 'customerReference', 'id', 'isOverdue', 'isArchived', 'requested', 'created', 'updated'] as const
export type FilterControl = (typeof FILTER_CONTROLS)[number]

export type FormReading = { search: RequestListSearch; invertedRange?: undefined } | { search?: undefined; invertedRange: (typeof DATE_RANGES)[number] }

/**
 * What a submitted filter form asks for: its fields over the view it started from, on page 1. The filters the form
 * has no control for (a step brought by a dashboard bar, dates on the dashboard) stay as they were, as do sort and
 * page size. Type codes may come from checkboxes or, without the catalog, typed with commas. A range whose end is
 * before its start is not a view: the form says so on that range.
 */
export function readFilterForm(data: FormData, controls: readonly FilterControl[], base: RequestListSearch): FormReading {
  const params = new URLSearchParams()
  const has = (control: FilterControl) => controls.includes(control)
  const statuses = data.getAll('status').map(String)
  if (statuses.length) params.set('status', statuses.join(','))
  const types = data.getAll('type').flatMap((value) => list(String(value)))
  if (types.length) params.set('type', [...new Set(types)].join(','))
  const text = ['customerReference', 'id', 'isOverdue', 'isArchived', ...DATE_RANGES.flatMap((r) => [r.from, r.to, r.preset])]
  for (const name of text) {
    const value = String(data.get(name) ?? '').trim()
    if (value) params.set(name, value)
  }
  const read = parseListSearch(params)
  const search: RequestListSearch = { ...base, page: 1 }
  for (const control of controls) {
    const range = DATE_RANGES.find((r) => r.range === control)
    if (range) Object.assign(search, { [range.from]: read[range.from], [range.to]: read[range.to], [range.preset]: read[range.preset] })
    else Object.assign(search, { [control]: read[control as Exclude<FilterControl, DateRange>] })
  }
  const invertedRange = DATE_RANGES.find(({ range, from, to }) => has(range) && search[from] && search[to] && search[from] > search[to])
  return invertedRange ? { invertedRange } : { search }
}

// --- The filters in force, as removable chips (the list's and the dashboard's folded filters) -------

export type ChipFilter =
  (typeof LIST_FILTERS)[number] | 'customerReference' | 'id' | 'isOverdue' | 'isArchived' | (typeof DATE_RANGES)[number]['from' | 'to' | 'preset']

export interface FilterChip {
  key: string
  filter: ChipFilter
  /** The value as the URL holds it (a code, `true`, a date, a preset); the page says it in words. */
  value: string
  /** The view without this filter. */
  without: RequestListSearch
}

/** Every filter in force, one chip per value, each with the view that removing it leads to. */
export function filterChips(search: RequestListSearch): FilterChip[] {
  const chips: FilterChip[] = LIST_FILTERS.flatMap((filter) =>
    (search[filter] as readonly string[]).map((value) => ({
      key: `${filter}-${value}`,
      filter,
      value,
      without: { ...search, [filter]: (search[filter] as readonly string[]).filter((v) => v !== value) },
    })),
  )
  for (const filter of ['customerReference', 'id', 'isOverdue', 'isArchived'] as const) {
    const value = search[filter]
    if (value !== undefined) chips.push({ key: filter, filter, value: String(value), without: { ...search, [filter]: undefined } })
  }
  for (const { from, to, preset } of DATE_RANGES) {
    // A preset is one chip ("Requested date: Last 7 days"), and removing it removes the range.
    const chosen = search[preset]
    if (chosen) chips.push({ key: preset, filter: preset, value: chosen, without: { ...search, [preset]: undefined, [from]: undefined, [to]: undefined } })
    else
      for (const bound of [from, to] as const) {
        const value = search[bound]
        if (value !== undefined) chips.push({ key: bound, filter: bound, value, without: { ...search, [bound]: undefined } })
      }
  }
  return chips
}
