import { z } from 'zod/mini'
import { ZSandboxCatalogItem } from './catalog'
import { HEADER } from './common'
import { ZApiErrorBody } from './error'
import { ZSandboxApiStatus, ZSandboxApiVersion, ZSandboxMe } from './misc'
import { ZSandboxRequest } from './request'
import { REQUEST_BODY_VARIANTS, REQUEST_BODY_VARIANT_NAMES } from './request-bodies'
import { ZAggregateResponse, ZListCatalogItemsQuery, ZSandboxAggregateRequestsQuery, ZSandboxListRequestsQuery } from './request-query'

type JsonObject = Record<string, unknown>

const schemaOf = (schema: z.core.$ZodType, io: 'input' | 'output' = 'output'): JsonObject => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject
  return rest
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

function queryParameters(schema: z.ZodMiniObject): JsonObject[] {
  // The API key is described by the security schemes, not as a parameter.
  return Object.entries(schema.shape)
    .filter(([name]) => name !== HEADER.apiKey)
    .map(([name, field]) => ({
      name,
      in: 'query',
      required: false,
      schema: schemaOf(field, 'input'),
    }))
}

const requestIdHeader = { [HEADER.requestId]: { description: 'Opaque request identifier to quote to support.', schema: { type: 'string' } } }
const pagingHeaders = {
  ...requestIdHeader,
  [HEADER.totalCount]: { description: 'Total items matching.', schema: { type: 'integer', format: 'int32' } },
  [HEADER.resultCount]: { description: 'Items in this body.', schema: { type: 'integer', format: 'int32' } },
}

function errors(statuses: number[], contentType: string): JsonObject {
  return Object.fromEntries(
    statuses.map((status) => [String(status), { description: 'Error', headers: requestIdHeader, content: { [contentType]: { schema: ref('Error') } } }]),
  )
}

const JSON_UTF8 = 'application/json;charset=utf-8'
const ok = (schema: JsonObject, headers: JsonObject = requestIdHeader) => ({
  description: 'OK',
  headers,
  content: { 'application/json': { schema } },
})
const security = [
  { apiKey: [], bearer: [] },
  { apiKeyQuery: [], bearer: [] },
]
const readErrors = errors([400, 401, 403, 404, 500, 503], 'application/json')
const miscErrors = errors([400, 401, 403, 404, 405, 500, 503], JSON_UTF8)

/** The OpenAPI 3.1 description served at GET /doc, generated from this contract. */
export function buildOpenApiDocument(serverUrl: string): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'B2B Ordering API',
      version: '3.1.0',
      description: 'Submit commercial order requests and follow them to completion. Generated from the Ordering Console contract.',
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: 'Request Management' }, { name: 'Catalog Management' }, { name: 'Miscellaneous' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: HEADER.apiKey },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: HEADER.apiKey },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Request: schemaOf(ZSandboxRequest),
        CatalogItem: schemaOf(ZSandboxCatalogItem),
        Error: schemaOf(ZApiErrorBody),
        Status: schemaOf(ZSandboxApiStatus),
        Version: schemaOf(ZSandboxApiVersion),
        Me: schemaOf(ZSandboxMe),
        Aggregate: schemaOf(ZAggregateResponse),
        ...Object.fromEntries(REQUEST_BODY_VARIANT_NAMES.map((name) => [name, schemaOf(REQUEST_BODY_VARIANTS[name].schema, 'input')])),
      },
    },
    paths: {
      '/requests': {
        post: {
          tags: ['Request Management'],
          operationId: 'createRequest',
          security,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { oneOf: REQUEST_BODY_VARIANT_NAMES.map(ref) } } },
          },
          responses: {
            201: { ...ok(ref('Request'), { ...requestIdHeader, [HEADER.contentLocation]: { schema: { type: 'string' } } }), description: 'Created' },
            ...errors([400, 401, 403, 404, 405, 422, 500, 503], JSON_UTF8),
          },
        },
        get: {
          tags: ['Request Management'],
          operationId: 'listRequests',
          security,
          parameters: queryParameters(ZSandboxListRequestsQuery),
          responses: { 200: ok({ type: 'array', items: ref('Request') }, pagingHeaders), ...readErrors },
        },
      },
      '/requests/aggregate': {
        get: {
          tags: ['Request Management'],
          operationId: 'aggregateRequests',
          security,
          parameters: queryParameters(ZSandboxAggregateRequestsQuery),
          responses: { 200: ok(ref('Aggregate')), ...readErrors },
        },
      },
      '/requests/{id}': {
        get: {
          tags: ['Request Management'],
          operationId: 'getRequest',
          security,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            ...queryParameters(z.pick(ZSandboxListRequestsQuery, { displayNulls: true, displayLinks: true })),
          ],
          responses: { 200: ok(ref('Request')), ...readErrors },
        },
      },
      '/catalogItems': {
        get: {
          tags: ['Catalog Management'],
          operationId: 'listCatalogItems',
          security,
          parameters: queryParameters(ZListCatalogItemsQuery),
          responses: { 200: ok({ type: 'array', items: ref('CatalogItem') }, pagingHeaders), ...readErrors },
        },
      },
      '/catalogItems/{id}': {
        get: {
          tags: ['Catalog Management'],
          operationId: 'getCatalogItem',
          security,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: ok(ref('CatalogItem')), ...readErrors },
        },
      },
      '/doc': { get: { tags: ['Miscellaneous'], operationId: 'getDoc', responses: { 200: ok({ type: 'object' }), ...miscErrors } } },
      '/status': { get: { tags: ['Miscellaneous'], operationId: 'getStatus', responses: { 200: ok(ref('Status')), ...miscErrors } } },
      '/version': { get: { tags: ['Miscellaneous'], operationId: 'getVersion', responses: { 200: ok(ref('Version')), ...miscErrors } } },
      '/me': { get: { tags: ['Miscellaneous'], operationId: 'getMe', security, responses: { 200: ok(ref('Me')), ...miscErrors } } },
    },
  }
}
