import { z } from 'zod/mini'
import { withMeta } from './schema-helpers'
import { ZIsoTimestamp } from './common'

/** GET /status (fields not shown in the reference; docs/decisions/0007-misc-endpoints.md). */
export const COMPONENT_STATES = ['OK', 'DEGRADED', 'UNAVAILABLE'] as const
export const ZComponentState = z.enum(COMPONENT_STATES)
export const ZApiStatus = z.object({
  status: ZComponentState,
  checkedAt: ZIsoTimestamp,
  components: z.array(z.object({ name: z.string(), status: ZComponentState, description: z.optional(z.string()) })),
})
export type ApiStatus = z.infer<typeof ZApiStatus>

/** GET /version. */
export const ZApiVersion = z.object({
  name: z.string(),
  version: withMeta(z.string(), { description: 'Release, for example 3.1.0.' }),
  major: z.int(),
  releasedAt: z.optional(z.iso.date()),
})
export type ApiVersion = z.infer<typeof ZApiVersion>

/** GET /me: the connected user or application, its customer, scopes and contracts. */
export const ZMe = z.object({
  kind: z.enum(['user', 'application']),
  id: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  clientId: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  contracts: z.array(z.object({ number: z.string(), name: z.string() })),
})
export type Me = z.infer<typeof ZMe>

/** The two scopes of the ordering API (reference 1). */
export const SCOPE = { full: 'b2b:ordering', readonly: 'b2b:ordering:readonly' } as const
