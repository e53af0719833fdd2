import type { ApiError } from '@/lib/api-error'
import { isQuotaSpent, isThrottled } from '@/lib/api-error'
import type { BatchRecord, BatchRow, RefusalRecord } from './batch-record'
import type { Pacer } from './pacer'

/**
 * Sends a batch's rows (docs/decisions/0035-bulk-order.md), each through the creation form's send-once protocol
 * (docs/decisions/0014-creation-forms.md), which the route hands over: a lost answer is looked for by the row's
 * reference and never sent again without the gateway's proof that it did not arrive. Rows go out paced, a few at a
 * time; a refused row is recorded and the others go on; the operator's "slow down" (spike arrest, 429) holds every
 * row for its Retry-After and sends that row again, since a refusal created nothing.
 */
export type RowOutcome =
  | { kind: 'created'; id: string }
  | { kind: 'found'; id: string }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'notCreated'; error: ApiError }
  | { kind: 'unverified'; error: ApiError }
  | { kind: 'unverifiable'; error: ApiError }

export interface BatchSendPort {
  /** The form's `sendOnce`: `onStart` is called just before the POST with what a later check needs. */
  send(body: Record<string, unknown>, options: { signal: AbortSignal; onStart: (pending: { reference: string; since: string }) => void }): Promise<RowOutcome>
  /** The form's `confirmArrival`, for a row left `sending` by a reload. */
  confirm(pending: { reference: string; since: string }, signal: AbortSignal): Promise<RowOutcome>
}

/** Rows in flight at once: the pacer sets the rate; this only bounds what a slow answer holds up. */
export const BATCH_CONCURRENCY = 12
/** Times a row that the gateway proved did not arrive is sent again before it is reported. */
export const MAX_RESENDS = 3

export function refusalOf(error: ApiError): RefusalRecord {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    ...(error.description ? { description: error.description } : {}),
    requestId: error.requestId,
  }
}

export interface RunOptions {
  port: BatchSendPort
  pacer: Pacer
  bodies: Readonly<Record<string, Record<string, unknown>>>
  /** Called after every change of a row, with the whole record (to keep it and to show it). */
  onChange: (record: BatchRecord) => void
  /** Pause: no new row starts; rows in flight finish. */
  signal: AbortSignal
  /**
   * The network is lost: rows in flight are cut off too and left as they stand (a row whose POST left stays `sending`,
   * checked when the run starts again), never recorded as refused or unverified.
   */
  cutOff?: AbortSignal
  now?: () => number
}

const CUT = 'cut' as const

/** What settling a row may change: its record, the queue of rows to send, and the pace of every row. */
interface SettleStep {
  update: (number: number, change: Partial<BatchRow>) => void
  queue: number[]
  pacer: Pacer
  now: () => number
}

/** A row's answer recorded: created, refused, unverified, or queued again (proved not to have arrived, or throttled). */
function settleRow(row: BatchRow, outcome: RowOutcome, { update, queue, pacer, now }: SettleStep): void {
  switch (outcome.kind) {
    case 'created':
    case 'found':
      update(row.number, { state: 'created', id: outcome.id, refusal: undefined })
      return
    case 'notCreated': {
      const resent = (row.resent ?? 0) + 1
      if (resent > MAX_RESENDS) update(row.number, { state: 'refused', refusal: refusalOf(outcome.error), resent })
      else {
        update(row.number, { state: 'waiting', since: undefined, resent })
        queue.push(row.number)
      }
      return
    }
    case 'refused':
      if (isThrottled(outcome.error) && !isQuotaSpent(outcome.error)) {
        pacer.holdUntil(now() + Math.max(1, outcome.error.retryAfterSeconds ?? 1) * 1000)
        update(row.number, { state: 'waiting', since: undefined })
        queue.push(row.number)
        return
      }
      update(row.number, { state: 'refused', refusal: refusalOf(outcome.error) })
      return
    case 'unverified':
    case 'unverifiable':
      update(row.number, { state: 'unverified', refusal: refusalOf(outcome.error) })
  }
}

/** Runs the batch until every row is settled or the signal stops it; answers the record as it stands. */
export async function runBatch(start: BatchRecord, options: RunOptions): Promise<BatchRecord> {
  let record = start
  const now = options.now ?? Date.now
  const update = (number: number, change: Partial<BatchRow>) => {
    record = { ...record, rows: record.rows.map((row) => (row.number === number ? { ...row, ...change } : row)) }
    options.onChange(record)
  }
  const queue = record.rows.filter((row) => row.state === 'waiting' || row.state === 'sending').map((row) => row.number)
  // A request in flight must finish whatever happens to the page's pause: only the loop's start obeys it.
  const inFlight = new AbortController()
  const cut = () => inFlight.abort()
  options.cutOff?.addEventListener('abort', cut)
  if (options.cutOff?.aborted) cut()
  const stopped = () => options.signal.aborted || inFlight.signal.aborted

  const settle = (row: BatchRow, outcome: RowOutcome) => settleRow(row, outcome, { update, queue, pacer: options.pacer, now })

  let active = 0
  const worker = async () => {
    while (!stopped()) {
      const number = queue.shift()
      if (number === undefined) {
        // Another worker's row may come back (throttled, or proved not to have arrived).
        if (active === 0) return
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
      active++
      try {
        await sendRow(number)
      } finally {
        active--
      }
    }
  }
  const sendRow = async (number: number) => {
    const row = record.rows.find((candidate) => candidate.number === number)
    if (!row) return
    try {
      await options.pacer.take(options.signal)
    } catch {
      queue.unshift(number)
      return
    }
    if (inFlight.signal.aborted) return
    const current = record.rows.find((candidate) => candidate.number === number)!
    const pending = current.state === 'sending' && current.since ? { reference: current.reference, since: current.since } : undefined
    const outcome = await (pending ? options.port.confirm(pending, inFlight.signal) : sendBody(number)).catch((failure: unknown) => {
      if (inFlight.signal.aborted) return CUT
      throw failure
    })
    if (outcome === undefined) return
    // Cut off by a lost network: unless it is known to be created, the row stays as it stands ('waiting', or 'sending'
    // with its `since`), checked or sent when the network is back.
    if (outcome === CUT || (inFlight.signal.aborted && outcome.kind !== 'created' && outcome.kind !== 'found' && outcome.kind !== 'refused')) return
    settle(
      record.rows.find((candidate) => candidate.number === number)!,
      outcome,
    )
  }
  const sendBody = async (number: number): Promise<RowOutcome | undefined> => {
    const body = options.bodies[String(number)]
    if (!body) {
      update(number, { state: 'refused', refusal: { status: 0, code: null, message: 'missing', requestId: null } })
      return undefined
    }
    return options.port.send(body, {
      signal: inFlight.signal,
      onStart: (pending) => update(number, { state: 'sending', since: pending.since }),
    })
  }
  await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker))
  options.cutOff?.removeEventListener('abort', cut)
  return record
}
