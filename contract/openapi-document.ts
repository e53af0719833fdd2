import { z } from 'zod/mini'

/**
 * GET /doc: an OpenAPI 3 document (only the API page reads it, so it is apart from contract/misc.ts, which every page
 * reads). Only what the console shows is read (title, version, operations);
 * everything else passes through untouched, so the download is the document as the API gave it.
 */
export const OPENAPI_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/** A part read tolerantly: its value when it has the expected shape, missing otherwise (docs/decisions/0028-tolerant-reader.md). */
const known = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)

export const ZOpenApiOperation = z.looseObject({
  operationId: known(z.string()),
  summary: known(z.string()),
  tags: known(z.array(z.string())),
  responses: known(z.record(z.string(), z.unknown())),
})
/**
 * The description document's body is "not shown" in the reference: an OpenAPI 3 or a Swagger 2 document, or any JSON
 * object, reads; what is missing or in another shape is simply not shown.
 */
export const ZOpenApiDocument = z.looseObject({
  openapi: known(z.string()),
  swagger: known(z.string()),
  info: z._default(z.catch(z.looseObject({ title: known(z.string()), version: known(z.string()), description: known(z.string()) }), {}), {}),
  paths: z._default(
    z.catch(z.record(z.string(), z.catch(z.looseObject(Object.fromEntries(OPENAPI_METHODS.map((method) => [method, known(ZOpenApiOperation)]))), {})), {}),
    {},
  ),
})
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>
