import { z } from 'zod/mini'

/**
 * GET /doc: an OpenAPI 3 document (only the API page reads it, so it is apart from contract/misc.ts, which every page
 * reads). Only what the console shows is checked (title, version, operations);
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
