import { ERROR_CODE } from '@contract/error'
import { ApiError } from '@/lib/api-error'

/**
 * The send-once protocol of the creation forms (docs/decisions/0014-creation-forms.md). A creation is sent once;
 * when its answer is lost (no answer, a timeout, a 5xx, the gateway's "still in flight"), nothing proves it was not
 * processed (reference 2), so the protocol looks for it by customer reference AND creation time after the send
 * started, again and again with backoff, until the gateway reports the first send finished. Only then, and only
 * if nothing was created, does it say that sending again is safe. No React here: the hook wraps it.
 */

/** What the person is told while it happens. */
export type SendStep =
  | { kind: 'sending' }
  /** No answer yet: checking whether the request arrived. */
  | { kind: 'checking'; attempt: number }
  /** The gateway says the first send is still being processed by the operator. */
  | { kind: 'processing'; attempt: number }
  /** A check itself failed; another follows in `retryInMs`. */
  | { kind: 'checkFailed'; attempt: number; retryInMs: number }

export type SendOutcome =
  | { kind: 'created'; id: string }
  /** The answer was lost, and the request was found by its reference and creation time. */
  | { kind: 'found'; id: string; error: ApiError }
  /** A definite refusal (a 4xx the operator gave): nothing was created, the answer says why. */
  | { kind: 'refused'; error: ApiError }
  /** The first send finished (the gateway says so) and created nothing: sending again is safe. */
  | { kind: 'notCreated'; error: ApiError; reference: string }
  /** The checks kept failing: no evidence either way. The form offers to check again, never to send again. */
  | { kind: 'unverified'; error: ApiError; reference: string; since: string }
  /** No reference to look for (the item has no such field): the person is pointed to the list. */
  | { kind: 'unverifiable'; error: ApiError }

/** The outside world the protocol talks to; the API module gives the real one, tests give fakes. */
export interface SendPort {
  /** POST /requests; throws ApiError on any failure. */
  create(body: Record<string, unknown>, signal: AbortSignal): Promise<{ id: string }>
  /** Ids of the customer's requests carrying exactly `reference`, created at or after `since` (ISO timestamp), oldest first. */
  findCreated(reference: string, since: string, signal: AbortSignal): Promise<string[]>
  /** The gateway's send state for `reference` (contract/gateway-sends.ts). */
  sendState(reference: string, signal: AbortSignal): Promise<{ inFlight: boolean }>
  sleep(ms: number, signal: AbortSignal): Promise<void>
  now(): number
}

/** Waits between checks: quick at first (most lost answers are found in a second), then every 15 s. */
export const CHECK_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const
/** Checks that fail in a row before the form stops and offers "check again". */
export const MAX_FAILED_CHECKS = 6
/**
 * How far before the send's start a creation time still counts as this send's: the browser's clock and the
 * operator's differ by a few seconds; a request of an earlier send (a rejected one being resubmitted) is older.
 */
export const CLOCK_MARGIN_MS = 2 * 60_000

export const backoffAt = (attempt: number): number => CHECK_BACKOFF_MS[Math.min(attempt, CHECK_BACKOFF_MS.length - 1)]!

/**
 * A failure that does not prove the request was not created: no answer, a timeout, a 5xx, the first send still in
 * flight, or a success (2xx) whose body could not be read (cut by the timeout or the network mid-way, or not what the
 * reference describes): the operator said it created something.
 */
export function isUncertain(error: ApiError): boolean {
  if (error.kind === 'network' || error.status === 0 || error.status === 408 || error.status >= 500) return true
  if (error.kind === 'unreadable' && error.status >= 200 && error.status < 300) return true
  return error.status === 409 && error.code === ERROR_CODE.sendInFlight
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError'

export interface SendOptions {
  onStep?: (step: SendStep) => void
  /** Called just before the POST with what a later check needs, so that it can be kept (a reload resumes the check). */
  onStart?: (pending: PendingSend) => void
  signal?: AbortSignal
}

/** A send whose outcome is not known yet: what to look for, and since when. */
export interface PendingSend {
  reference: string
  since: string
}

/** Sends `body` once and settles on what happened. Throws only when aborted (the form went away). */
export async function sendOnce(body: Record<string, unknown>, port: SendPort, options: SendOptions = {}): Promise<SendOutcome> {
  const signal = options.signal ?? new AbortController().signal
  const reference = typeof body.customerReference === 'string' ? body.customerReference.trim() : ''
  const since = new Date(port.now() - CLOCK_MARGIN_MS).toISOString()
  options.onStep?.({ kind: 'sending' })
  if (reference) options.onStart?.({ reference, since })
  try {
    return { kind: 'created', id: (await port.create(body, signal)).id }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (!isUncertain(error)) return { kind: 'refused', error }
    if (!reference) return { kind: 'unverifiable', error }
    return confirmArrival({ error, reference, since }, port, options)
  }
}

/**
 * After an uncertain send: looks for the request until the gateway says the send finished. The send state is read
 * before the search, so "finished" followed by "not found" means nothing was created.
 */
export async function confirmArrival(
  lost: { error: ApiError; reference: string; since: string },
  port: SendPort,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const signal = options.signal ?? new AbortController().signal
  const { error, reference, since } = lost
  let failures = 0
  for (let attempt = 0; ; attempt++) {
    if (attempt === 0) options.onStep?.({ kind: 'checking', attempt })
    try {
      const state = await port.sendState(reference, signal)
      const [found] = await port.findCreated(reference, since, signal)
      if (found) return { kind: 'found', id: found, error }
      if (!state.inFlight) return { kind: 'notCreated', error, reference }
      failures = 0
      options.onStep?.({ kind: 'processing', attempt })
    } catch (failure) {
      if (isAbort(failure) || signal.aborted) throw failure
      if (++failures >= MAX_FAILED_CHECKS) return { kind: 'unverified', error, reference, since }
      options.onStep?.({ kind: 'checkFailed', attempt, retryInMs: backoffAt(attempt) })
    }
    await port.sleep(backoffAt(attempt), signal)
  }
}
