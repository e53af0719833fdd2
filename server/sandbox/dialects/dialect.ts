import { z } from 'zod/mini'
import type { SandboxCatalogItem } from '@contract/catalog'
import type { MessageLanguage } from '@contract/issue-messages'
import type { SandboxApiStatus as ApiStatus, SandboxApiVersion as ApiVersion, SandboxMe as Me } from '@contract/misc'
import { ZListCatalogItemsQuery, ZSandboxAggregateRequestsQuery, ZSandboxListRequestsQuery } from '@contract/request-query'
import { transformed } from '@contract/schema-helpers'
import type { ServerConfig } from '../../config'
import { STORED_STATE_COLUMNS, type AggregateQuery, type PageQuery, type RequestRow, type StateColumns } from '../ordering/request-store'
import { alternateCatalogItem, alternateMe, alternateRequest, alternateStatus, alternateVersion, canonicalRequestBody } from './alternate-answers'
import { canonicalCatalogQuery, canonicalRequestQuery } from './alternate-query'
import { ALTERNATE_STATE_SQL } from './alternate-states'

export type SandboxDialect = ServerConfig['SANDBOX_DIALECT']

/**
 * How the sandbox fills the references' gaps, at the edge of its ordering API (docs/decisions/0029-second-dialect.md):
 * the queries it takes, rewritten into the canonical ones the store reads, and its answers, rewritten from the default
 * dialect's. One store and one lifecycle serve both; the default dialect is the identity.
 */
export interface OrderingDialect {
  name: SandboxDialect
  /** What the store's SQL reads for status, step and sub-step. */
  states: StateColumns
  /** true: the API key only as the query parameter `x-api-key` (reference 1 leaves header or query open). */
  apiKeyInQueryOnly: boolean
  /** GET /requests and /requests/aggregate: the parameters as canonical ones (0002), or a 400 naming one. */
  requestQuery(flat: Record<string, string>, language: MessageLanguage, kind: 'list' | 'aggregate'): Record<string, string>
  catalogQuery(flat: Record<string, string>): Record<string, string>
  listSchema: z.ZodMiniType<PageQuery, Record<string, string>>
  aggregateSchema: z.ZodMiniType<AggregateQuery, Record<string, string>>
  catalogSchema: typeof ZListCatalogItemsQuery
  request(rendered: Record<string, unknown>, row: RequestRow): Record<string, unknown>
  requestBody(raw: unknown): unknown
  catalogItem(item: SandboxCatalogItem): unknown
  me(me: Me): unknown
  status(status: ApiStatus): unknown
  version(version: ApiVersion): unknown
}

const same = <T>(value: T) => value

const DEFAULT_DIALECT: OrderingDialect = {
  name: 'default',
  states: STORED_STATE_COLUMNS,
  apiKeyInQueryOnly: false,
  requestQuery: same,
  catalogQuery: same,
  listSchema: ZSandboxListRequestsQuery,
  aggregateSchema: ZSandboxAggregateRequestsQuery,
  catalogSchema: ZListCatalogItemsQuery,
  request: same,
  requestBody: same,
  catalogItem: same,
  me: same,
  status: same,
  version: same,
}

/** A comma-separated list of open values: statuses, steps and sub-steps are whatever the operator has. */
const openList = z.optional(
  z.pipe(
    transformed(z.string(), (value) => value.split(',').map((part) => part.trim())),
    z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1)),
  ),
)
const OPEN_STATES = { status: openList, step: openList, subStep: openList }

const ALTERNATE_DIALECT: OrderingDialect = {
  name: 'alternate',
  states: { ...ALTERNATE_STATE_SQL, everyKey: false },
  apiKeyInQueryOnly: true,
  requestQuery: canonicalRequestQuery,
  catalogQuery: canonicalCatalogQuery,
  listSchema: z.extend(ZSandboxListRequestsQuery, OPEN_STATES),
  aggregateSchema: z.extend(ZSandboxAggregateRequestsQuery, OPEN_STATES),
  catalogSchema: ZListCatalogItemsQuery,
  request: alternateRequest,
  requestBody: canonicalRequestBody,
  catalogItem: alternateCatalogItem,
  me: alternateMe,
  status: alternateStatus,
  version: alternateVersion,
}

export function dialectOf(name: SandboxDialect): OrderingDialect {
  return name === 'alternate' ? ALTERNATE_DIALECT : DEFAULT_DIALECT
}
