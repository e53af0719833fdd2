import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { ERROR_CODE } from '@contract/error'
import { ApiError } from './api-error'
import { spentQuotaOf, watchSpentQuota } from './spent-quota'

const refusal = (description: string) =>
  new ApiError({ status: 403, body: { code: ERROR_CODE.tooManyRequests, message: 'Too many requests', description }, requestId: 'r', retryAfterSeconds: 60 })
const fails = (error: unknown) => () => Promise.reject(error)

/** The page-wide state of a spent quota (docs/decisions/0032-application-quota.md). */
describe('the spent quota of a query client', () => {
  it('is set by a query or a mutation refused by the quota, kept through uncounted reads, and cleared by the next success', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
    watchSpentQuota(client)
    const quota = refusal('Global quota limit of 5 calls per month reached.')

    await client.query({ queryKey: ['requests', 'list'], queryFn: fails(refusal('Spike arrest limit exceeded.')) }).catch(() => undefined)
    expect(spentQuotaOf(client)).toBeNull()
    await client.query({ queryKey: ['requests', 'list'], queryFn: fails(quota) }).catch(() => undefined)
    expect(spentQuotaOf(client)).toBe(quota)

    // The API's status is not counted against the quota: its success says nothing of it; nor does cached data set by hand.
    await client.query({ queryKey: ['api', 'status'], queryFn: () => Promise.resolve({ status: 'OK' }) })
    client.setQueryData(['requests', 'other'], [])
    expect(spentQuotaOf(client)).toBe(quota)

    await client.query({ queryKey: ['requests', 'detail', 'R1'], queryFn: () => Promise.resolve({ id: 'R1' }) })
    expect(spentQuotaOf(client)).toBeNull()

    const send = client.getMutationCache().build(client, { mutationFn: fails(quota) })
    await send.execute(undefined).catch(() => undefined)
    expect(spentQuotaOf(client)).toBe(quota)
  })
})
