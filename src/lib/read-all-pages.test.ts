import { describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { ApiError } from './api-error'
import { BULK_READ_HEADERS, readAllPages, readPages, type CountedPage, type PageRequest, type PagesProgress } from './read-all-pages'

/**
 * A virtual clock: a wait ends at once, moving the clock to its end (never back), so pacing and Retry-After are seen
 * without waiting.
 */
function virtualTime() {
  let now = 0
  return {
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted()
      const wake = now + ms
      await Promise.resolve()
      now = Math.max(now, wake)
    },
  }
}

/** A list of `count` numbers, read in pages; every call is recorded with the virtual time it started at. */
function numbers(count: number, clock: { now: () => number }, fail?: (call: number, offset: number) => Error | undefined) {
  const calls: { offset: number; at: number; headers: PageRequest['headers'] }[] = []
  const readPage = async ({ offset, limit, headers }: PageRequest): Promise<CountedPage<number>> => {
    calls.push({ offset, at: clock.now(), headers })
    const error = fail?.(calls.length, offset)
    if (error) throw error
    await Promise.resolve()
    return { count, results: Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => offset + i) }
  }
  return { calls, readPage }
}

const throttled = (status: 403 | 429, retryAfterSeconds: number) =>
  new ApiError({
    status,
    body: status === 403 ? { code: ERROR_CODE.tooManyRequests, message: 'Too many requests', description: 'Spike arrest limit exceeded.' } : undefined,
    requestId: 'r',
    retryAfterSeconds,
  })

describe('the paging reader', () => {
  it('reads every page, hands them over in order with progress, and marks its calls as a bulk read', async () => {
    const clock = virtualTime()
    const list = numbers(1050, clock)
    const handed: number[][] = []
    const progress: PagesProgress[] = []
    const result = await readPages(list.readPage, { limit: 100, ...clock, onPage: (items) => void handed.push(items), onProgress: (p) => progress.push(p) })
    expect(result).toEqual({ count: 1050, read: 1050, pages: 11, stoppedBy: null })
    expect(handed.flat()).toEqual(Array.from({ length: 1050 }, (_, i) => i))
    expect(progress.map((p) => p.read)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1050])
    expect(progress.every((p) => p.total === 1050)).toBe(true)
    expect(list.calls.every((call) => call.headers === BULK_READ_HEADERS)).toBe(true)
  })

  it('reads pages concurrently, never starting more than the spike arrest allows in any second', async () => {
    const clock = virtualTime()
    const list = numbers(10_000, clock)
    let inFlight = 0
    let most = 0
    await readPages(
      async (page) => {
        inFlight += 1
        most = Math.max(most, inFlight)
        try {
          return await list.readPage(page)
        } finally {
          inFlight -= 1
        }
      },
      { limit: 100, ...clock },
    )
    expect(list.calls).toHaveLength(100)
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(6)
    for (const call of list.calls) expect(list.calls.filter((other) => other.at >= call.at && other.at < call.at + 1000).length).toBeLessThanOrEqual(24)
    // 100 pages at 24 a second: 4.2 s of pacing, leaving room within 1.2 times the 4 s that 25 a second allows for the
    // first page's and the last one's round trips.
    expect(clock.now()).toBeLessThanOrEqual(4_200)
  })

  it('waits the Retry-After of a 429 and of a 403 code 53 before any next page, then carries on', async () => {
    for (const status of [429, 403] as const) {
      const clock = virtualTime()
      const list = numbers(500, clock, (call) => (call === 3 ? throttled(status, 2) : undefined))
      const { read } = await readAllPages(list.readPage, { limit: 100, ...clock }).then((page) => ({ read: page.results.length }))
      expect(read).toBe(500)
      const refusedAt = list.calls[2]!.at
      // Every page asked after the refusal waited its two seconds.
      for (const call of list.calls.slice(3)) expect(call.at).toBeGreaterThanOrEqual(refusedAt + 2_000)
      expect(list.calls.filter((call) => call.offset === list.calls[2]!.offset)).toHaveLength(2)
    }
  })

  it('waits out a 503 with its Retry-After, and gives up on other refusals at once', async () => {
    const clock = virtualTime()
    const unavailable = new ApiError({ status: 503, body: { code: ERROR_CODE.unavailable, message: 'Maintenance' }, requestId: 'r', retryAfterSeconds: 5 })
    const list = numbers(200, clock, (call) => (call === 1 ? unavailable : undefined))
    expect((await readAllPages(list.readPage, { limit: 100, ...clock })).results).toHaveLength(200)
    expect(list.calls[1]!.at).toBeGreaterThanOrEqual(5_000)

    const refused = new ApiError({ status: 403, body: { code: 50, message: 'Access denied' }, requestId: 'r' })
    const denied = numbers(200, clock, () => refused)
    await expect(readAllPages(denied.readPage, { limit: 100, ...clock })).rejects.toBe(refused)
    expect(denied.calls).toHaveLength(1)
  })

  it('stops at a spent quota without trying again, keeping the pages before it and saying why (0032)', async () => {
    const clock = virtualTime()
    const quota = new ApiError({
      status: 403,
      body: { code: ERROR_CODE.tooManyRequests, message: 'Too many requests', description: 'Global quota limit of 3 calls per month reached.' },
      requestId: 'q',
      retryAfterSeconds: 3600,
    })
    const list = numbers(1000, clock, (_call, offset) => (offset >= 300 ? quota : undefined))
    const handed: number[] = []
    const result = await readPages(list.readPage, { limit: 100, ...clock, onPage: (items) => void handed.push(...items) })
    expect(result).toEqual({ count: 1000, read: 300, pages: 3, stoppedBy: quota })
    expect(handed).toEqual(Array.from({ length: 300 }, (_, i) => i))
    // Each refused page was asked once: nothing waited out the hour.
    for (const offset of [300, 400, 500]) expect(list.calls.filter((call) => call.offset === offset).length).toBeLessThanOrEqual(1)
    expect(clock.now()).toBeLessThan(3_600_000)
    // A list shown whole shows the refusal instead; a first page refused is the refusal too.
    await expect(readAllPages(numbers(1000, clock, (_call, offset) => (offset >= 300 ? quota : undefined)).readPage, { limit: 100, ...clock })).rejects.toBe(
      quota,
    )
    await expect(readPages(numbers(1000, clock, () => quota).readPage, { limit: 100, ...clock })).rejects.toBe(quota)
  })

  it('stops when cancelled, pages in flight included', async () => {
    const controller = new AbortController()
    const signals: AbortSignal[] = []
    const reading = readPages<number>(
      async ({ offset, signal }) => {
        signals.push(signal!)
        if (offset === 0) return { count: 1000, results: Array.from({ length: 100 }, (_, i) => i) }
        return new Promise((_, reject) => signal!.addEventListener('abort', () => reject(signal!.reason)))
      },
      { limit: 100, pagesPerSecond: 1000, onProgress: () => setTimeout(() => controller.abort(), 20), signal: controller.signal },
    )
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(signals.length).toBeGreaterThan(1)
    expect(signals.every((signal) => signal.aborted)).toBe(true)
  })

  it('ends on an empty page even when the count promised more (a list that shrank while read), and at maxItems', async () => {
    const seen: number[] = []
    const list = await readAllPages(
      async ({ offset }) => {
        seen.push(offset)
        return { count: 50, results: offset === 0 ? ['a', 'b'] : [] }
      },
      { limit: 2, concurrency: 1 },
    )
    expect(list).toEqual({ count: 50, results: ['a', 'b'] })
    expect(seen).toEqual([0, 2])
    const clock = virtualTime()
    const capped = numbers(5_000, clock)
    expect((await readAllPages(capped.readPage, { limit: 100, maxItems: 250, ...clock })).results).toHaveLength(250)
    expect(capped.calls).toHaveLength(3)
  })

  it('refuses a limit below 1', async () => {
    await expect(readAllPages(async () => ({ count: 0, results: [] }), { limit: 0 })).rejects.toThrow(RangeError)
  })
})
