// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ZCloudInstance, ZCloudRegion } from '@contract/cloud'
import { ERROR_CODE } from '@contract/error'
import { startInProcessServer, type InProcessServer } from '../../../../test/in-process-fetch'
import { ApiError } from '@/lib/api-error'
import type { PagesProgress } from '@/lib/read-all-pages'
import { readCloudList } from './cloud-queries'

/** The cloud paging helper against the real gateway and sandbox in-process (0018), signed in as Alice (C001). */
let server: InProcessServer
/** Every cloud page the SPA asked the gateway for. */
let pageCalls: string[]
beforeAll(async () => {
  // Spike arrest off: the small-page test reads 25 pages at once.
  server = startInProcessServer({ SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
  await server.signIn('alice@acme.example')
  const routed = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/api/cloud/v1/')) pageCalls.push(url.slice(url.indexOf('/api/cloud/v1/')))
    return routed(input, init)
  })
})
afterAll(() => server.close())
beforeEach(() => {
  pageCalls = []
})

describe('readCloudList (the paging helper over the cloud lists)', () => {
  it('reads a list of 2,500 instances in three pages of at most 1,000, with progress after each', async () => {
    const progress: PagesProgress[] = []
    const list = await readCloudList('/instances/1101/1', ZCloudInstance, { onProgress: (p) => progress.push(p) })
    expect(list.count).toBe(2500)
    expect(list.results).toHaveLength(2500)
    expect(new Set(list.results.map((i) => i.id)).size).toBe(2500)
    // After the first page, the others are read side by side (src/lib/read-all-pages.ts): asked and answered in any order.
    expect([...pageCalls].sort()).toEqual([
      '/api/cloud/v1/instances/1101/1?limit=1000&offset=0',
      '/api/cloud/v1/instances/1101/1?limit=1000&offset=1000',
      '/api/cloud/v1/instances/1101/1?limit=1000&offset=2000',
    ])
    expect(progress.map((p) => p.pages)).toEqual([1, 2, 3])
    expect(progress[0]).toEqual({ read: 1000, total: 2500, pages: 1 })
    expect(progress.at(-1)).toEqual({ read: 2500, total: 2500, pages: 3 })
  })

  it('stops at count: exactly 1,000 is one page, 1,001 two, none one empty page, 6 regions one page', async () => {
    expect((await readCloudList('/instances/1101/2', ZCloudInstance)).results).toHaveLength(1000)
    expect(pageCalls).toHaveLength(1)
    expect((await readCloudList('/instances/1101/3', ZCloudInstance)).results).toHaveLength(1001)
    expect(pageCalls).toHaveLength(3)
    expect(await readCloudList('/instances/1103/1', ZCloudInstance)).toEqual({ count: 0, results: [] })
    expect(pageCalls).toHaveLength(4)
    expect((await readCloudList('/regions', ZCloudRegion)).count).toBe(6)
  })

  it('reads with a smaller page when asked (2,500 in 25 pages of 100 is the same list)', async () => {
    const small = await readCloudList('/instances/1101/1', ZCloudInstance, { limit: 100 })
    expect(pageCalls).toHaveLength(25)
    expect(small.results).toEqual((await readCloudList('/instances/1101/1', ZCloudInstance)).results)
  })

  it('is cancellable: aborted after the first page, it rejects with the abort and reads no other page', async () => {
    const controller = new AbortController()
    const reading = readCloudList('/instances/1101/1', ZCloudInstance, {
      signal: controller.signal,
      onProgress: (p) => p.pages === 1 && controller.abort(),
    })
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(pageCalls).toHaveLength(1)
  })

  it('fails with the API’s error, request id included: not signed in is 401 code 40', async () => {
    server.forgetSession()
    try {
      const failure = await readCloudList('/regions', ZCloudRegion).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ApiError)
      expect(failure).toMatchObject({ status: 401, code: ERROR_CODE.missingCredentials })
      expect((failure as ApiError).requestId).toMatch(/^[0-9a-f-]{36}$/)
    } finally {
      await server.signIn('alice@acme.example')
    }
  })
})
