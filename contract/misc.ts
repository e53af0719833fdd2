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

/**
 * GET /doc: an OpenAPI 3 document. Only what the console shows is checked (title, version, operations);
 * everything else passes through untouched, so the download is the document as the API gave it.
 */
export const OPENAPI_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
export const ZOpenApiOperation = z.looseObject({
  operationId: z.optional(z.string()),
  summary: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  responses: z.optional(z.record(z.string(), z.unknown())),
})
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.optional(z.string()) }),
  paths: z.record(z.string(), z.looseObject(Object.fromEntries(OPENAPI_METHODS.map((method) => [method, z.optional(ZOpenApiOperation)])))),
})
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>
