import { z } from 'zod/mini'
import { withMeta } from './schema-helpers'
import { ZIsoTimestamp } from './common'

/*
 * The bodies of GET /status, /version and /me are "not shown" in the reference (reference 1, "Gaps"). Two layers
 * (docs/decisions/0028-tolerant-reader.md): `ZSandbox*`, our sandbox's exact answers (docs/decisions/0007-misc-endpoints.md),
 * which it and its tests validate; `ZApiStatus`, `ZApiVersion`, `ZMe`, what the console reads of any operator: a
 * loose object whose known fields are all optional, and a known field in another shape is read as missing.
 */

/** A known field read tolerantly: its value when it has the expected shape, missing otherwise (never an error). */
const known = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)

/** GET /status as our sandbox answers it. */
export const COMPONENT_STATES = ['OK', 'DEGRADED', 'UNAVAILABLE'] as const
export const ZComponentState = z.enum(COMPONENT_STATES)
export const ZSandboxApiStatus = z.object({
  status: ZComponentState,
  checkedAt: ZIsoTimestamp,
  components: z.array(z.object({ name: z.string(), status: ZComponentState, description: z.optional(z.string()) })),
})
export type SandboxApiStatus = z.infer<typeof ZSandboxApiStatus>

/** GET /status as the console reads it; `status` is an open string (COMPONENT_STATES are the known ones). */
export const ZApiStatus = z.looseObject({
  status: known(z.string()),
  checkedAt: known(z.string()),
  components: known(z.array(z.catch(z.looseObject({ name: known(z.string()), status: known(z.string()), description: known(z.string()) }), {}))),
})

/** GET /version as our sandbox answers it. */
export const ZSandboxApiVersion = z.object({
  name: z.string(),
  version: withMeta(z.string(), { description: 'Release, for example 3.1.0.' }),
  major: z.int(),
  releasedAt: z.optional(z.iso.date()),
})
export type SandboxApiVersion = z.infer<typeof ZSandboxApiVersion>

/** GET /version as the console reads it. */
export const ZApiVersion = z.looseObject({
  name: known(z.string()),
  version: known(z.union([z.string(), z.number()])),
  major: known(z.number()),
  releasedAt: known(z.string()),
})

/** GET /me as our sandbox answers it: the connected user or application, its customer, scopes and contracts. */
export const ZSandboxMe = z.object({
  kind: z.enum(['user', 'application']),
  id: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  clientId: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  contracts: z.array(z.object({ number: z.string(), name: z.string() })),
})
export type SandboxMe = z.infer<typeof ZSandboxMe>

/**
 * GET /me as the console reads it. Nothing but the account page may depend on these fields: the form offers
 * `contracts` when they are there, the gateway notes `customer.id` when it is there.
 */
export const ZMe = z.looseObject({
  kind: known(z.string()),
  id: known(z.string()),
  name: known(z.string()),
  email: known(z.string()),
  clientId: known(z.string()),
  customer: known(z.looseObject({ id: known(z.string()), name: known(z.string()) })),
  scopes: known(z.array(z.string())),
  contracts: known(z.array(z.looseObject({ number: z.string(), name: known(z.string()) }))),
})
export type Me = z.infer<typeof ZMe>

/** The two scopes of the ordering API (reference 1). */
export const SCOPE = { full: 'b2b:ordering', readonly: 'b2b:ordering:readonly' } as const
