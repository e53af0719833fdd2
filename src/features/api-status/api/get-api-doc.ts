import { queryOptions } from '@tanstack/react-query'
import { OPENAPI_METHODS, ZOpenApiDocument, type OpenApiDocument } from '@contract/openapi-document'
import { apiRequest } from '@/lib/api-client'

export async function getApiDoc(signal?: AbortSignal) {
  return (await apiRequest('/doc', ZOpenApiDocument, { signal })).data
}

export const apiDocQueries = {
  doc: () =>
    queryOptions({
      queryKey: ['api', 'doc'],
      queryFn: ({ signal }) => getApiDoc(signal),
      staleTime: Infinity,
    }),
}

export interface ApiOperation {
  method: (typeof OPENAPI_METHODS)[number]
  path: string
  operationId: string | undefined
  summary: string | undefined
  statuses: string[]
}

/** The document's operations in its own order, one per path and method. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => {
      const operation = item[method]
      if (!operation) return []
      return [{ method, path, operationId: operation.operationId, summary: operation.summary, statuses: Object.keys(operation.responses ?? {}) }]
    }),
  )
}
