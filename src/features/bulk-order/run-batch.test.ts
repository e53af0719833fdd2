import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { batchViewUrl, commonPrefix, isFinished, type BatchRecord } from './batch-record'
import { createPacer } from './pacer'
import { runBatch, type BatchSendPort, type RowOutcome } from './run-batch'

const record = (count: number): BatchRecord => ({
  id: 'b',
  itemId: 'CI',
  itemName: 'Item',
  prefix: 'R',
  startedAt: '2026-11-27T00:00:00Z',
  paused: false,
  rows: Array.from({ length: count }, (_, index) => ({ number: index + 1, reference: `R-${index + 1}`, state: 'waiting' as const })),
  skipped: [],
})
const bodies = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [String(index + 1), { customerReference: `R-${index + 1}` }]))
const fastPacer = () => createPacer(1000, Date.now, () => Promise.resolve())
const spike = () =>
  new ApiError({ status: 403, requestId: 'r1', body: { code: 53, message: 'Too many requests', description: 'Spike arrest violation' }, retryAfterSeconds: 0 })

describe('sending a batch', () => {
  it('sends each row once; a refused row does not stop the others; a spike arrest sends that row again', async () => {
    const sent: string[] = []
    let throttled = false
    const port: BatchSendPort = {
      send: async (body, { onStart }) => {
        const reference = String(body.customerReference)
        onStart({ reference, since: 'x' })
        if (reference === 'R-3' && !throttled) {
          throttled = true
          return { kind: 'refused', error: spike() }
        }
        sent.push(reference)
        if (reference === 'R-2') return { kind: 'refused', error: new ApiError({ status: 400, requestId: 'r2', body: { code: 21, message: 'Invalid' } }) }
        return { kind: 'created', id: `ID-${reference}` }
      },
      confirm: () => Promise.reject(new Error('not expected')),
    }
    const done = await runBatch(record(5), { port, pacer: fastPacer(), bodies: bodies(5), onChange: () => {}, signal: new AbortController().signal })
    expect(isFinished(done)).toBe(true)
    expect(sent.sort()).toEqual(['R-1', 'R-2', 'R-3', 'R-4', 'R-5'])
    expect(done.rows.map((row) => row.state)).toEqual(['created', 'refused', 'created', 'created', 'created'])
    expect(done.rows[1]!.refusal).toMatchObject({ status: 400, requestId: 'r2' })
  })

  it('checks, never sends again, a row left `sending` by a reload; sends again only what the gateway proved did not arrive', async () => {
    const start = record(2)
    start.rows[0] = { ...start.rows[0]!, state: 'sending', since: '2026-11-27T00:00:00Z' }
    start.rows[1] = { ...start.rows[1]!, state: 'sending', since: '2026-11-27T00:00:00Z' }
    const calls: string[] = []
    const port: BatchSendPort = {
      send: async (body) => {
        calls.push(`send ${String(body.customerReference)}`)
        return { kind: 'created', id: 'NEW' }
      },
      confirm: async ({ reference }): Promise<RowOutcome> => {
        calls.push(`confirm ${reference}`)
        return reference === 'R-1' ? { kind: 'found', id: 'OLD' } : { kind: 'notCreated', error: new ApiError({ status: 0, requestId: null, kind: 'network' }) }
      },
    }
    const done = await runBatch(start, { port, pacer: fastPacer(), bodies: bodies(2), onChange: () => {}, signal: new AbortController().signal })
    expect(calls.sort()).toEqual(['confirm R-1', 'confirm R-2', 'send R-2'])
    expect(done.rows.map((row) => row.id)).toEqual(['OLD', 'NEW'])
  })

  it('stops starting rows on pause, keeping the rest waiting', async () => {
    const pause = new AbortController()
    const port: BatchSendPort = {
      send: async (body, { onStart }) => {
        onStart({ reference: String(body.customerReference), since: 'x' })
        pause.abort()
        return { kind: 'created', id: 'ID' }
      },
      confirm: () => Promise.reject(new Error('not expected')),
    }
    const done = await runBatch(record(20), { port, pacer: fastPacer(), bodies: bodies(20), onChange: () => {}, signal: pause.signal })
    expect(done.rows.filter((row) => row.state === 'created').length).toBeLessThanOrEqual(6)
    expect(done.rows.some((row) => row.state === 'waiting')).toBe(true)
  })
})

describe('the pacer', () => {
  it('spaces starts evenly at the rate, and holds them for a Retry-After', async () => {
    let now = 0
    const waits: number[] = []
    const pacer = createPacer(
      20,
      () => now,
      (ms) => {
        waits.push(ms)
        return Promise.resolve()
      },
    )
    for (let i = 0; i < 3; i++) await pacer.take()
    expect(waits).toEqual([50, 100])
    pacer.holdUntil(1000)
    await pacer.take()
    expect(waits.at(-1)).toBe(1000)
    now = 5000
    await pacer.take()
    expect(waits).toHaveLength(3)
  })

  it('never starts more than the rate in any second, even when takers wake late together', async () => {
    let now = 0
    const timers: { at: number; wake: () => void }[] = []
    const pacer = createPacer(
      4,
      () => now,
      (ms) => new Promise<void>((wake) => timers.push({ at: now + ms, wake })),
    )
    const starts: number[] = []
    const takes = Array.from({ length: 8 }, () => pacer.take().then(() => starts.push(now)))
    const flush = () => new Promise((resolve) => setImmediate(resolve))
    const wakeDue = async () => {
      for (const timer of timers.filter((one) => one.at <= now)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.wake()
      }
      await flush()
    }
    await flush()
    // The page stalls for two seconds: every taker due meanwhile wakes at once.
    now = 2000
    await wakeDue()
    while (timers.length > 0) {
      now = Math.max(now, Math.min(...timers.map((timer) => timer.at)))
      await wakeDue()
    }
    await Promise.all(takes)
    expect(starts).toHaveLength(8)
    for (const start of starts) expect(starts.filter((other) => other >= start && other < start + 1000).length).toBeLessThanOrEqual(4)
  })

  it('finds the references’ common start for the list link', () => {
    expect(commonPrefix(['E2E-001', 'E2E-049'], 'BO1')).toBe('E2E-0')
    expect(commonPrefix(['A1', 'B2'], 'BO1')).toBe('BO1')
  })

  it('cut off by a lost network: a row whose POST left stays `sending`, the rest waiting; the next run checks it, never sends it again', async () => {
    const cut = new AbortController()
    const sent: string[] = []
    const port: BatchSendPort = {
      send: (body, { onStart, signal }) => {
        const reference = String(body.customerReference)
        onStart({ reference, since: 's' })
        sent.push(reference)
        cut.abort()
        return Promise.reject(new DOMException(signal.aborted ? 'Aborted' : 'Not expected', 'AbortError'))
      },
      confirm: async () => ({ kind: 'found', id: 'OLD' }),
    }
    const options = { pacer: fastPacer(), bodies: bodies(3), onChange: () => {}, signal: new AbortController().signal }
    const stopped = await runBatch(record(3), { ...options, port, cutOff: cut.signal })
    expect(isFinished(stopped)).toBe(false)
    expect(stopped.rows.filter((row) => row.state === 'sending')).toHaveLength(sent.length)
    expect(stopped.rows.filter((row) => row.state === 'waiting')).toHaveLength(3 - sent.length)
    const again: BatchSendPort = { send: async (body) => ({ kind: 'created', id: `ID-${String(body.customerReference)}` }), confirm: port.confirm }
    const done = await runBatch(stopped, { ...options, port: again })
    expect(done.rows.every((row) => row.state === 'created')).toBe(true)
    expect(done.rows.filter((row) => row.id === 'OLD')).toHaveLength(sent.length)
  })

  it('the batch as a view of the list: by the references’ common start, else by its day of creation and type', () => {
    expect(batchViewUrl(record(2))).toBe('/requests?customerReference=R*')
    const mixed = { ...record(2), prefix: 'BOX' }
    expect(batchViewUrl(mixed, 'INTERNET_ACCESS')).toMatch(/^\/requests\?createdFrom=2026-11-2[67]&type=INTERNET_ACCESS$/)
  })
})
