import { z } from 'zod/mini'

/**
 * The operator profile (docs/decisions/0027-operator-profile.md): how one operator fills the gaps the references leave
 * open. The gateway reads it from the file `OPERATOR_PROFILE` names, checks it with `ZOperatorProfile` at start, and
 * translates the SPA's one canonical query (the default sandbox's syntax, docs/decisions/0002-list-queries.md) into
 * the profile's dialect. The SPA never changes per operator: it reads the few traits it needs from
 * `OPERATOR_TRAITS_PATH` (`ZOperatorTraits`).
 */

/** How one descending sort term is written: `-createdAt`, `createdAt:desc` or `createdAt,desc`. */
export const SORT_STYLES = ['-field', 'field:desc', 'field,desc'] as const
/** How a date range is written: `createdAt.gte=A&createdAt.lte=B`, `createdAt=A..B` or `createdAt[gte]=A&createdAt[lte]=B`. */
export const DATE_RANGE_STYLES = ['field.gte', 'field=FROM..TO', 'field[gte]'] as const
/** Where the API key travels (reference 1, "Authentication": not shown). */
export const API_KEY_PLACES = ['header', 'query'] as const

/** Statuses that end a request when a profile names none (docs/decisions/0003-request-lifecycle.md). */
export const DEFAULT_CLOSED_STATUSES = ['COMPLETED', 'REJECTED', 'CANCELLED'] as const

/** The profile file. Every key is optional; a missing one is today's behaviour (the default sandbox). */
export const ZOperatorProfile = z.strictObject({
  /** The ID token's `iss`; unset: derived from OIDC_BASE_URL, or read from the operator's OpenID discovery document. */
  issuer: z.optional(z.url({ protocol: /^https?$/ })),
  apiKey: z._default(z.enum(API_KEY_PLACES), 'header'),
  sort: z._default(z.enum(SORT_STYLES), '-field'),
  dateRange: z._default(z.enum(DATE_RANGE_STYLES), 'field.gte'),
  pageSizeMax: z._default(z.int().check(z.minimum(1), z.maximum(10_000)), 100),
  wildcards: z._default(z.boolean(), true),
  closedStatuses: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1)), [...DEFAULT_CLOSED_STATUSES]),
})
export type OperatorProfile = z.infer<typeof ZOperatorProfile>

/** GET {OPERATOR_TRAITS_PATH}: what the SPA needs of the profile (nothing secret; the same for every person). */
export const OPERATOR_TRAITS_PATH = '/api/gateway/operator'
export const ZOperatorTraits = z.looseObject({
  closedStatuses: z.array(z.string()),
  pageSizeMax: z.int().check(z.minimum(1)),
  wildcards: z.boolean(),
})
export type OperatorTraits = z.infer<typeof ZOperatorTraits>

/**
 * On an answer to GET /requests or /requests/aggregate: the canonical parameters the gateway left out because the
 * operator refused them (a 400) or the profile says it cannot take them, comma-separated (`sort`, `createdAt`,
 * `customerReference`, …). The SPA says which filter or sort was not applied and shows the list without it.
 */
export const DROPPED_PARAMETERS_HEADER = 'X-Gateway-Dropped-Parameters'
