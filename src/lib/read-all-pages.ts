/** A page of an offset-paged list: `count` is every item across all pages (reference 3's `{count, results}`). */
export interface CountedPage<T> {
  count: number
  results: T[]
}

export interface PagesProgress {
  /** Items read so far. */
  read: number
  /** `count` as the last page said it. */
  total: number
  /** Pages read so far. */
  pages: number
}

/**
 * Reads every page of an offset-paged list, as reference 3 says: ask for `limit` items at `offset`, increase
 * offset by limit until it reaches count. `onProgress` hears after each page; `signal` stops between pages
 * and is passed to `readPage`, so the call in flight stops too (the promise then rejects with the abort reason).
 * An empty page before the count is reached ends the reading (the list shrank meanwhile), so it always ends.
 */
export async function readAllPages<T>(
  readPage: (page: { limit: number; offset: number; signal?: AbortSignal }) => Promise<CountedPage<T>>,
  options: { limit: number; signal?: AbortSignal; onProgress?: (progress: PagesProgress) => void },
): Promise<CountedPage<T>> {
  const { limit, signal, onProgress } = options
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1, not ${limit}`)
  const results: T[] = []
  let pages = 0
  for (let offset = 0; ; offset += limit) {
    signal?.throwIfAborted()
    const page = await readPage({ limit, offset, signal })
    signal?.throwIfAborted()
    pages += 1
    results.push(...page.results)
    onProgress?.({ read: results.length, total: page.count, pages })
    if (page.results.length === 0 || offset + limit >= page.count) return { count: page.count, results }
  }
}
