import { z } from 'zod'
import { ZIsoDate, ZQueryBoolean } from './common'
import { REQUEST_CATEGORIES, REQUEST_FIELDS, REQUEST_STATUSES, REQUEST_STEPS, REQUEST_SUB_STEPS } from './request'

/** Paging bounds of GET /requests (docs/decisions/0002-list-queries.md). */
export const REQUEST_PAGE = { defaultLimit: 20, maxLimit: 100 } as const
/** Paging bounds of GET /catalogItems. */
export const CATALOG_PAGE = { defaultLimit: 20, maxLimit: 100 } as const

export const SORTABLE_REQUEST_FIELDS = [
  'createdAt', 'updatedAt', 'keyDates.requestedAt', 'name', 'status', 'step', 'subStep', 'type', 'category',
  'customerReference', 'id', 'isOverdue',
] as const
export type SortableRequestField = (typeof SORTABLE_REQUEST_FIELDS)[number]

export const AGGREGATE_GROUPS = ['status', 'step', 'subStep', 'type', 'category', 'isOverdue', 'isArchived', 'customer.id'] as const
export type AggregateGroup = (typeof AGGREGATE_GROUPS)[number]

const splitList = (value: string) => value.split(',').map((part) => part.trim())

/** A comma-separated list whose items each pass `item`. */
function listOf<T extends z.ZodType<string, string>>(item: T) {
  return z.string().transform(splitList).pipe(z.array(item).min(1))
}

function integerParam(min: number, max?: number) {
  const number = z.number().int().min(min)
  return z
    .string()
    .regex(/^-?[0-9]+$/, { error: 'format.integer' })
    .transform(Number)
    .pipe(max === undefined ? number : number.max(max))
}

/** A date, or a timestamp, as accepted by the `createdAt` and `updatedAt` filters. */
const ZDateOrTimestamp = z.union([ZIsoDate, z.iso.datetime({ offset: true })], { error: 'format.dateOrTimestamp' })

const identifier = z.string().min(1).max(64)

/** The filters shared by GET /requests and GET /requests/aggregate, as query parameters. */
const filterShape = {
  'x-api-key': z.string().optional(),
  id: listOf(identifier).optional(),
  status: listOf(z.enum(REQUEST_STATUSES)).optional(),
  step: listOf(z.enum(REQUEST_STEPS)).optional(),
  subStep: listOf(z.enum(REQUEST_SUB_STEPS)).optional(),
  type: listOf(identifier).optional(),
  category: listOf(z.enum(REQUEST_CATEGORIES)).optional(),
  customerReference: listOf(z.string().min(1).max(19)).optional(),
  priority: z.string().optional(),
  isOverdue: ZQueryBoolean.optional(),
  isArchived: ZQueryBoolean.optional(),
  'keyDates.requestedAt': ZIsoDate.optional(),
  'keyDates.requestedAt.gte': ZIsoDate.optional(),
  'keyDates.requestedAt.lte': ZIsoDate.optional(),
  createdAt: ZIsoDate.optional(),
  'createdAt.gte': ZDateOrTimestamp.optional(),
  'createdAt.lte': ZDateOrTimestamp.optional(),
  updatedAt: ZIsoDate.optional(),
  'updatedAt.gte': ZDateOrTimestamp.optional(),
  'updatedAt.lte': ZDateOrTimestamp.optional(),
}

export const ZSortTerm = z
  .string()
  .regex(/^-?[A-Za-z.]+$/, { error: 'format.sort' })
  .transform((term) => ({
    field: term.replace(/^-/, ''),
    direction: term.startsWith('-') ? ('desc' as const) : ('asc' as const),
  }))
  .pipe(z.object({ field: z.enum(SORTABLE_REQUEST_FIELDS), direction: z.enum(['asc', 'desc']) }))

/** Query parameters of GET /requests. Unknown parameters are refused (strict), naming the parameter. */
export const ZListRequestsQuery = z.strictObject({
  ...filterShape,
  offset: integerParam(0).optional(),
  limit: integerParam(1, REQUEST_PAGE.maxLimit).optional(),
  fields: listOf(z.enum(REQUEST_FIELDS)).optional(),
  sort: z.string().transform(splitList).pipe(z.array(ZSortTerm).min(1)).optional(),
  displayLinks: ZQueryBoolean.optional(),
  displayNulls: ZQueryBoolean.optional(),
})
export type ListRequestsQuery = z.infer<typeof ZListRequestsQuery>
/** What a client writes before parsing: every value a string. */
export type ListRequestsQueryInput = z.input<typeof ZListRequestsQuery>

/** Query parameters of GET /requests/aggregate: the same filters, and `groupBy`. */
export const ZAggregateRequestsQuery = z.strictObject({
  ...filterShape,
  groupBy: z.enum(AGGREGATE_GROUPS).optional(),
})
export type AggregateRequestsQuery = z.infer<typeof ZAggregateRequestsQuery>
export type AggregateRequestsQueryInput = z.input<typeof ZAggregateRequestsQuery>

/** Body of GET /requests/aggregate: each group key with its count. */
export const ZAggregateResponse = z.record(z.string(), z.number().int().nonnegative())
export type AggregateResponse = z.infer<typeof ZAggregateResponse>

/** Query parameters of GET /catalogItems. */
export const ZListCatalogItemsQuery = z.strictObject({
  'x-api-key': z.string().optional(),
  offset: integerParam(0).optional(),
  limit: integerParam(1, CATALOG_PAGE.maxLimit).optional(),
  category: listOf(z.enum(REQUEST_CATEGORIES)).optional(),
  q: z.string().max(100).optional(),
})
export type ListCatalogItemsQuery = z.infer<typeof ZListCatalogItemsQuery>

/** Endpoints that take no query parameter but the API key. */
export const ZApiKeyOnlyQuery = z.strictObject({ 'x-api-key': z.string().optional() })
