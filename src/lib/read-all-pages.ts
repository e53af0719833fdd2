import { isQuotaSpent, type ApiError } from './api-error'
import { readRetryDelay, shouldRetryRead } from './retry-policy'

/**
 * The one paging reader of the SPA (docs/decisions/0024-delivery.md): every list read whole (the CSV export, the
 * overdue view, the cloud lists) goes through it. Offset paging as reference 3 says: `limit` items at `offset`, offset
 * grows by limit until it reaches the count. The first page says the count; the others are then read several at
 * once, paced under the operator's spike arrest, and handed over in order. Cancellable, with progress; a throttled or
 * unavailable page waits as the one retry policy says (src/lib/retry-policy.ts: Retry-After, 429, 403 code 53, 503),
 * and a throttle holds back every page, not only the one refused. A spent quota stops the reading at once: what was
 * handed over stays, and the result says why it stopped (docs/decisions/0032-application-quota.md).
 */

/** A page of an offset-paged list: `count` is every item across all pages (reference 3's `{count, results}`). */
export interface CountedPage<T> {
  count: number
  results: T[]
}

export interface PagesProgress {
  /** Items read so far. */
  read: number
  /** The count as the first page said it (the most that will be read). */
  total: number
  /** Pages read so far. */
  pages: number
}

/**
 * Headers every page of a whole-list read carries: the gateway's throttle lets such reads yield to people's page views
 * (docs/decisions/0021-many-instances.md). The one place where the header is named.
 */
export const BULK_READ_HEADERS: Readonly<Record<string, string>> = { 'X-Bulk-Read': '1' }

/**
 * The operator's spike arrest is 25 calls a second per application (reference 2), counted in fixed one-second
 * windows. A reader starts at most 24 pages a second, one evenly every 42 ms, leaving room for a call of the page's own
 * in any second, and keeps at most 6 in flight (a browser's connections per host over HTTP/1.1). A second that
 * overflows all the same is a 403 code 53, which holds every page back for its Retry-After (the retry policy).
 * 22 a second (the pace before) could not meet the export's budget, 1.2 × what 25 a second allows: 100 pages took
 * 4.9 to 5.0 s, the first page's and the last one's round trips added to 4.5 s of pacing (docs/decisions/0024-delivery.md).
 */
export const PAGING = { pagesPerSecond: 24, concurrency: 6 } as const

export interface PageRequest {
  offset: number
  limit: number
  signal?: AbortSignal
  /** BULK_READ_HEADERS, for the reader's calls to pass on. */
  headers: Readonly<Record<string, string>>
}

export interface ReadPagesOptions<T> {
  limit: number
  signal?: AbortSignal
  onProgress?: (progress: PagesProgress) => void
  /** Each page's items, in the list's order, one page at a time; the reader keeps none (a file being written). */
  onPage?: (items: T[], progress: PagesProgress) => void | Promise<void>
  /** Stop once this many items are read. */
  maxItems?: number
  pagesPerSecond?: number
  concurrency?: number
  /** For tests: the clock and the wait. */
  now?: () => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted()
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.max(0, ms),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Reads one page, paced with every other (one start every `spacingMs`, pushed back by a throttle's Retry-After for all
 * of them), and retried as a read is (shouldRetryRead).
 */
function pacedReader<T>(
  readPage: (page: PageRequest) => Promise<CountedPage<T>>,
  pace: { limit: number; signal: AbortSignal; now: () => number; sleep: typeof pause; spacingMs: number },
): (offset: number) => Promise<CountedPage<T>> {
  const { limit, signal, now, sleep, spacingMs } = pace
  // Pacing shared by every page: the next start, pushed back by a throttle's Retry-After for all of them.
  let nextStart = 0
  async function startSlot(): Promise<void> {
    for (;;) {
      signal.throwIfAborted()
      const at = nextStart
      const wait = at - now()
      if (wait > 0) await sleep(wait, signal)
      // Another page may have moved the slot (a throttle) while this one waited.
      if (nextStart === at) break
    }
    nextStart = Math.max(nextStart, now()) + spacingMs
  }

  return async function fetchPage(offset: number): Promise<CountedPage<T>> {
    for (let failures = 0; ; failures++) {
      await startSlot()
      try {
        return await readPage({ offset, limit, signal, headers: BULK_READ_HEADERS })
      } catch (error) {
        signal.throwIfAborted()
        if (!shouldRetryRead(failures, error, { waitForService: true })) throw error
        nextStart = Math.max(nextStart, now() + readRetryDelay(failures, error))
      }
    }
  }
}

/**
 * Reads every page of a list and hands each to `onPage` in order; resolves with the count and the items read. The
 * pages after the first are read concurrently (at most `concurrency` in flight, never more than `pagesPerSecond`
 * started in any second); pages that arrive early wait for those before them, never more than `concurrency` of them.
 * An empty page before the count ends the reading (the list shrank meanwhile), so it always ends. A page after the
 * first refused by a spent quota ends it too, with `stoppedBy` (the refusal) and the pages before it handed over.
 */
export async function readPages<T>(
  readPage: (page: PageRequest) => Promise<CountedPage<T>>,
  options: ReadPagesOptions<T>,
): Promise<{ count: number; read: number; pages: number; stoppedBy: ApiError | null }> {
  const { limit, onProgress, onPage } = options
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1, not ${limit}`)
  options.signal?.throwIfAborted()
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? pause
  const concurrency = Math.max(1, options.concurrency ?? PAGING.concurrency)
  const spacingMs = Math.ceil(1000 / Math.max(1, options.pagesPerSecond ?? PAGING.pagesPerSecond))
  const maxItems = options.maxItems ?? Infinity
  // The caller's signal, or the end of the reading (a page failed, or the list ended): pages in flight stop either way.
  const inner = new AbortController()
  const signal = inner.signal
  const stop = () => inner.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', stop, { once: true })

  const fetchPage = pacedReader(readPage, { limit, signal, now, sleep, spacingMs })

  let read = 0
  let pages = 0
  const deliver = async (page: CountedPage<T>, total: number) => {
    const items = page.results.slice(0, Math.max(0, maxItems - read))
    read += items.length
    pages += 1
    const progress = { read, total: Math.min(total, maxItems), pages }
    await onPage?.(items, progress)
    signal.throwIfAborted()
    onProgress?.(progress)
  }

  try {
    const first = await fetchPage(0)
    const count = first.count
    await deliver(first, count)
    const wanted = Math.min(count, maxItems)
    if (first.results.length === 0 || read >= wanted) return { count, read, pages, stoppedBy: null }

    // The offsets still to read, and the pages asked for but not yet handed over (at most `concurrency`).
    const offsets: number[] = []
    for (let offset = limit; offset < wanted; offset += limit) offsets.push(offset)
    const asked = new Map<number, Promise<CountedPage<T>>>()
    let launched = 0
    const launch = () => {
      const index = launched++
      const pending = fetchPage(offsets[index]!)
      // A page that fails after the reading ended (an earlier one failed, or was empty) is nobody's concern.
      pending.catch(() => undefined)
      asked.set(index, pending)
    }
    while (launched < Math.min(concurrency, offsets.length)) launch()
    for (let index = 0; index < offsets.length; index++) {
      let page: CountedPage<T>
      try {
        page = await asked.get(index)!
      } catch (error) {
        if (!isQuotaSpent(error)) throw error
        return { count, read, pages, stoppedBy: error as ApiError }
      }
      asked.delete(index)
      if (launched < offsets.length) launch()
      await deliver(page, count)
      if (page.results.length === 0 || read >= wanted) break
    }
    return { count, read, pages, stoppedBy: null }
  } finally {
    options.signal?.removeEventListener('abort', stop)
    inner.abort()
  }
}

/**
 * Every item of a list, kept in memory (or the spent quota's refusal that stopped the reading): for lists a page shows whole (the cloud lists, the overdue view, at most a few
 * thousand items). A file being written uses `readPages` with `onPage` instead.
 */
export async function readAllPages<T>(
  readPage: (page: PageRequest) => Promise<CountedPage<T>>,
  options: Omit<ReadPagesOptions<T>, 'onPage'>,
): Promise<CountedPage<T>> {
  const results: T[] = []
  const { count, stoppedBy } = await readPages(readPage, { ...options, onPage: (items) => void results.push(...items) })
  // A list shown whole is not shown in part: the page shows the refusal, which says when the quota frees (0032).
  if (stoppedBy) throw stoppedBy
  return { count, results }
}
