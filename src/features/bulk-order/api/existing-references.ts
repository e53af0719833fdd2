import { z } from 'zod/mini'
import { REQUEST_PAGE } from '@contract/request-query'
import { ZRequestProjection } from '@contract/request'
import { apiRequest } from '@/lib/api-client'

/** Heads the file's references are grouped by: one search each, at most this many searches. */
const HEAD_LENGTH = 4
const MAX_SEARCHES = 20
const MAX_PAGES_PER_HEAD = 5

/**
 * The existing requests that carry one of `references` (reference → request id). The API's filter takes at most
 * 19 characters (reference 1), so references are searched by their common heads (`SITE*`), a few pages each: a
 * reference the search misses is still refused or created by the operator's own rules, never sent twice (0035).
 */
export async function findExistingReferences(references: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
  const wanted = new Set(references.filter((reference) => reference && !/[*,]/.test(reference)))
  const heads = [...new Set([...wanted].map((reference) => reference.slice(0, HEAD_LENGTH)))].slice(0, MAX_SEARCHES)
  const found = new Map<string, string>()
  for (const head of heads) {
    for (let page = 0; page < MAX_PAGES_PER_HEAD; page++) {
      const params = new URLSearchParams({
        customerReference: `${head}*`,
        fields: 'id,customerReference',
        limit: String(REQUEST_PAGE.maxLimit),
        offset: String(page * REQUEST_PAGE.maxLimit),
      })
      const { data } = await apiRequest(`/requests?${params}`, z.array(ZRequestProjection), { signal })
      for (const request of data) if (request.customerReference && wanted.has(request.customerReference)) found.set(request.customerReference, request.id)
      if (data.length < REQUEST_PAGE.maxLimit) break
    }
  }
  return found
}
