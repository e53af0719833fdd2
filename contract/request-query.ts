import { z } from 'zod/mini'
import { ZIsoDate, ZQueryBoolean } from './common'
import { transformed } from './schema-helpers'
import { SORT_KEYS } from './list-view'
import { REQUEST_CATEGORIES, REQUEST_FIELDS, REQUEST_STATUSES, REQUEST_STEPS, REQUEST_SUB_STEPS } from './request'

/** Paging bounds of GET /requests (docs/decisions/0002-list-queries.md). */
export const REQUEST_PAGE = { defaultLimit: 20, maxLimit: 100 } as const
/** Paging bounds of GET /catalogItems. */
export const CATALOG_PAGE = { defaultLimit: 20, maxLimit: 100 } as const

/** The sort keys of GET /requests: the list view's (contract/list-view.ts). */
export const SORTABLE_REQUEST_FIELDS = SORT_KEYS
export type SortableRequestField = (typeof SORTABLE_REQUEST_FIELDS)[number]

export const AGGREGATE_GROUPS = ['status', 'step', 'subStep', 'type', 'category', 'isOverdue', 'isArchived', 'customer.id'] as const
export type AggregateGroup = (typeof AGGREGATE_GROUPS)[number]

const splitList = (value: string) => value.split(',').map((part) => part.trim())

/** A comma-separated list whose items each pass `item`. */
function listOf<T extends z.ZodMiniType<string, string>>(item: T) {
  return z.pipe(transformed(z.string(), splitList), z.array(item).check(z.minLength(1)))
}

function integerParam(min: number, max?: number) {
  const number = z.int().check(z.minimum(min))
  return z.pipe(
    transformed(z.string().check(z.regex(/^-?[0-9]+$/, { error: 'format.integer' })), Number),
    max === undefined ? number : number.check(z.maximum(max)),
  )
}

/** A date, or a timestamp, as accepted by the `createdAt` and `updatedAt` filters. */
const ZDateOrTimestamp = z.union([ZIsoDate, z.iso.datetime({ offset: true })], { error: 'format.dateOrTimestamp' })

const identifier = z.string().check(z.minLength(1), z.maxLength(64))

/**
 * A status, step, sub-step or category in the canonical query: any code an operator may use (the reference lists
 * values "seen", docs/decisions/0028-tolerant-reader.md), never free text.
 */
const ZOpenCode = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'format.code' }))

/** The codes the filters take: open in the canonical query, our sandbox's own values in its strict one. */
const OPEN_CODES = { status: ZOpenCode, step: ZOpenCode, subStep: ZOpenCode, category: ZOpenCode }
const SANDBOX_CODES = {
  status: z.enum(REQUEST_STATUSES),
  step: z.enum(REQUEST_STEPS),
  subStep: z.enum(REQUEST_SUB_STEPS),
  category: z.enum(REQUEST_CATEGORIES),
}

/** The filters shared by GET /requests and GET /requests/aggregate, as query parameters. */
const filterShape = <C extends typeof OPEN_CODES | typeof SANDBOX_CODES>(codes: C) => ({
  'x-api-key': z.optional(z.string()),
  id: z.optional(listOf(identifier)),
  status: z.optional(listOf(codes.status)),
  step: z.optional(listOf(codes.step)),
  subStep: z.optional(listOf(codes.subStep)),
  type: z.optional(listOf(identifier)),
  category: z.optional(listOf(codes.category)),
  customerReference: z.optional(listOf(z.string().check(z.minLength(1), z.maxLength(19)))),
  priority: z.optional(z.string()),
  isOverdue: z.optional(ZQueryBoolean),
  isArchived: z.optional(ZQueryBoolean),
  'keyDates.requestedAt': z.optional(ZIsoDate),
  'keyDates.requestedAt.gte': z.optional(ZIsoDate),
  'keyDates.requestedAt.lte': z.optional(ZIsoDate),
  createdAt: z.optional(ZIsoDate),
  'createdAt.gte': z.optional(ZDateOrTimestamp),
  'createdAt.lte': z.optional(ZDateOrTimestamp),
  updatedAt: z.optional(ZIsoDate),
  'updatedAt.gte': z.optional(ZDateOrTimestamp),
  'updatedAt.lte': z.optional(ZDateOrTimestamp),
})

export const ZSortTerm = z.pipe(
  transformed(z.string().check(z.regex(/^-?[A-Za-z.]+$/, { error: 'format.sort' })), (term) => ({
    field: term.replace(/^-/, ''),
    direction: term.startsWith('-') ? ('desc' as const) : ('asc' as const),
  })),
  z.object({ field: z.enum(SORTABLE_REQUEST_FIELDS), direction: z.enum(['asc', 'desc']) }),
)

const listShape = (maxLimit: number) => ({
  offset: z.optional(integerParam(0)),
  limit: z.optional(integerParam(1, maxLimit)),
  fields: z.optional(listOf(z.enum(REQUEST_FIELDS))),
  sort: z.optional(z.pipe(transformed(z.string(), splitList), z.array(ZSortTerm).check(z.minLength(1)))),
  displayLinks: z.optional(ZQueryBoolean),
  displayNulls: z.optional(ZQueryBoolean),
})

/** The largest page the canonical query may ask for: the operator profile's `pageSizeMax` bound. */
const CANONICAL_MAX_LIMIT = 10_000

/**
 * Query parameters of GET /requests as the SPA writes them (the canonical query the gateway translates,
 * docs/decisions/0027-operator-profile.md): statuses and the other codes open, the page as large as an operator's
 * profile allows. Unknown parameters are refused (strict), naming the parameter.
 */
export const ZListRequestsQuery = z.strictObject({ ...filterShape(OPEN_CODES), ...listShape(CANONICAL_MAX_LIMIT) })
/** What a client writes before parsing: every value a string. */
export type ListRequestsQueryInput = z.input<typeof ZListRequestsQuery>

/** Query parameters of GET /requests as our sandbox takes them: its own codes, pages of at most 100. */
export const ZSandboxListRequestsQuery = z.strictObject({ ...filterShape(SANDBOX_CODES), ...listShape(REQUEST_PAGE.maxLimit) })
export type SandboxListRequestsQuery = z.infer<typeof ZSandboxListRequestsQuery>

/** Query parameters of GET /requests/aggregate: the same filters, and `groupBy`. */
export const ZAggregateRequestsQuery = z.strictObject({
  ...filterShape(OPEN_CODES),
  groupBy: z.optional(z.enum(AGGREGATE_GROUPS)),
})
export type AggregateRequestsQueryInput = z.input<typeof ZAggregateRequestsQuery>

/** GET /requests/aggregate as our sandbox takes it. */
export const ZSandboxAggregateRequestsQuery = z.strictObject({
  ...filterShape(SANDBOX_CODES),
  groupBy: z.optional(z.enum(AGGREGATE_GROUPS)),
})
export type SandboxAggregateRequestsQuery = z.infer<typeof ZSandboxAggregateRequestsQuery>

/** Body of GET /requests/aggregate: each group key with its count. */
export const ZAggregateResponse = z.record(z.string(), z.int().check(z.nonnegative()))

/** Query parameters of GET /catalogItems. */
export const ZListCatalogItemsQuery = z.strictObject({
  'x-api-key': z.optional(z.string()),
  offset: z.optional(integerParam(0)),
  limit: z.optional(integerParam(1, CATALOG_PAGE.maxLimit)),
  category: z.optional(listOf(z.enum(REQUEST_CATEGORIES))),
  q: z.optional(z.string().check(z.maxLength(100))),
})

/** Endpoints that take no query parameter but the API key. */
export const ZApiKeyOnlyQuery = z.strictObject({ 'x-api-key': z.optional(z.string()) })
