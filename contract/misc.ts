import { z } from 'zod'
import { ZIsoTimestamp } from './common'

/** GET /status (fields not shown in the reference; docs/decisions/0007-misc-endpoints.md). */
export const COMPONENT_STATES = ['OK', 'DEGRADED', 'UNAVAILABLE'] as const
export const ZComponentState = z.enum(COMPONENT_STATES)
export const ZApiStatus = z.object({
  status: ZComponentState,
  checkedAt: ZIsoTimestamp,
  components: z.array(z.object({ name: z.string(), status: ZComponentState, description: z.string().optional() })),
})
export type ApiStatus = z.infer<typeof ZApiStatus>

/** GET /version. */
export const ZApiVersion = z.object({
  name: z.string(),
  version: z.string().meta({ description: 'Release, for example 3.1.0.' }),
  major: z.number().int(),
  releasedAt: z.iso.date().optional(),
})
export type ApiVersion = z.infer<typeof ZApiVersion>

/** GET /me: the connected user or application, its customer, scopes and contracts. */
export const ZMe = z.object({
  kind: z.enum(['user', 'application']),
  id: z.string(),
  name: z.string(),
  email: z.string().optional(),
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
  operationId: z.string().optional(),
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  responses: z.record(z.string(), z.unknown()).optional(),
})
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.looseObject(Object.fromEntries(OPENAPI_METHODS.map((method) => [method, ZOpenApiOperation.optional()])))),
})
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>
