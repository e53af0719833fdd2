/**
 * Calls spaced under the operator's spike arrest (reference 2, Limits; docs/decisions/0035-bulk-order.md): at most
 * `perSecond` starts a second, evenly spaced, whoever asks. A batch takes a slot before each call it makes.
 */
export interface Pacer {
  /** Resolves when the next call may start. */
  take(signal?: AbortSignal): Promise<void>
  /** Nothing starts before `until` (ms): the operator asked to slow down (Retry-After). */
  holdUntil(until: number): void
  readonly perSecond: number
}

export function createPacer(perSecond: number, now: () => number = Date.now, sleep: (ms: number) => Promise<void> = defaultSleep): Pacer {
  const interval = 1000 / perSecond
  let next = 0
  // The starts of the last second: takers that wake late together (a busy page or machine) must not start in a bunch
  // that the operator's fixed one-second windows would count as more than `perSecond`.
  const started: number[] = []
  return {
    perSecond,
    async take(signal) {
      const at = Math.max(now(), next)
      next = at + interval
      const wait = at - now()
      if (wait > 0) await sleep(wait)
      for (;;) {
        while (started.length > 0 && started[0]! <= now() - 1000) started.shift()
        if (started.length < perSecond) break
        await sleep(started[0]! + 1000 - now())
      }
      if (signal?.aborted) throw signal.reason
      started.push(now())
    },
    holdUntil(until) {
      next = Math.max(next, until)
    },
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The pace a batch keeps: the sandbox's spike arrest (25 a second by default) less a tenth, floored, as the gateway's
 * own budget does, so that the rest of the console (the list, the dashboard's reads) still gets through.
 */
export const BATCH_PER_SECOND = 22
