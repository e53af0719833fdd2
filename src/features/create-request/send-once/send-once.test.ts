import { describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { ApiError } from '@/lib/api-error'
import {
  backoffAt,
  CHECK_BACKOFF_MS,
  CLOCK_MARGIN_MS,
  confirmArrival,
  isUncertain,
  MAX_FAILED_CHECKS,
  sendOnce,
  type SendPort,
  type SendStep,
} from './send-once'

const NOW = Date.parse('2026-11-23T10:00:00.000Z')
const network = () => new ApiError({ status: 0, requestId: null, kind: 'network', message: 'Failed to fetch' })
const status = (code: number, body?: { code: number; message: string }) => new ApiError({ status: code, requestId: 'rid-1', body })
const unreadable = (code: number) =>
  new ApiError({ status: code, requestId: 'rid-2', kind: 'unreadable', message: 'Unexpected answer from /api/ordering/v3/requests' })
const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' })

/**
 * A fake gateway scripted per call: `create` answers once; each check reads the next send state and the next
 * search result (the last one repeats). Every call is recorded, so a test can prove no second POST happened.
 */
function fakePort(script: { create: () => Promise<{ id: string }>; states?: (boolean | Error)[]; found?: (string[] | Error)[] }) {
  const calls: string[] = []
  const sleeps: number[] = []
  const since: string[] = []
  let stateIndex = 0
  let foundIndex = 0
  const next = <T>(list: (T | Error)[], index: number): T => {
    const value = list[Math.min(index, list.length - 1)]!
    if (value instanceof Error) throw value
    return value
  }
  const port: SendPort = {
    create: async () => {
      calls.push('create')
      return script.create()
    },
    sendState: async () => {
      calls.push('state')
      return { inFlight: next(script.states ?? [false], stateIndex++) }
    },
    findCreated: async (_reference, from) => {
      calls.push('find')
      since.push(from)
      return next(script.found ?? [[]], foundIndex++)
    },
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    now: () => NOW,
  }
  return { port, calls, sleeps, since }
}

const body = { type: 'INTERNET_ACCESS', customerReference: 'PO-4711' }

async function run(port: SendPort, sent: Record<string, unknown> = body) {
  const steps: SendStep['kind'][] = []
  const outcome = await sendOnce(sent, port, { onStep: (step) => steps.push(step.kind) })
  return { outcome, steps }
}

describe('isUncertain: which failures do not prove that nothing was created', () => {
  it('no answer, a timeout, any 5xx and the gateway’s "first send still in flight" are uncertain', () => {
    expect(isUncertain(network())).toBe(true)
    expect(isUncertain(status(408))).toBe(true)
    for (const code of [500, 502, 503, 504]) expect(isUncertain(status(code))).toBe(true)
    expect(isUncertain(status(409, { code: ERROR_CODE.sendInFlight, message: 'in flight' }))).toBe(true)
  })
  it('a success whose body could not be read is uncertain: the operator said it created something', () => {
    expect(isUncertain(unreadable(201))).toBe(true)
    expect(isUncertain(unreadable(200))).toBe(true)
  })
  it('a refusal by the operator is certain: 400, 401, 403, 404, 409 of another kind, 422, 429', () => {
    for (const code of [400, 401, 403, 404, 422, 429]) expect(isUncertain(status(code))).toBe(false)
    expect(isUncertain(status(409, { code: 99, message: 'conflict' }))).toBe(false)
  })
})

describe('sendOnce', () => {
  it('an answered send is created, with no check at all', async () => {
    const { port, calls } = fakePort({ create: async () => ({ id: 'REQ00000001' }) })
    const { outcome, steps } = await run(port)
    expect(outcome).toEqual({ kind: 'created', id: 'REQ00000001' })
    expect(steps).toEqual(['sending'])
    expect(calls).toEqual(['create'])
  })

  it('a refusal (422) is shown as such: no check, no second send', async () => {
    const refusal = status(422, { code: ERROR_CODE.unknownContract, message: 'Unknown contract' })
    const { port, calls } = fakePort({ create: () => Promise.reject(refusal) })
    expect((await run(port)).outcome).toEqual({ kind: 'refused', error: refusal })
    expect(calls).toEqual(['create'])
  })

  it('a lost answer whose request was created: found by reference and opened', async () => {
    const lost = network()
    const { port, calls, since } = fakePort({ create: () => Promise.reject(lost), states: [false], found: [['REQ00000007']] })
    const { outcome, steps } = await run(port)
    expect(outcome).toEqual({ kind: 'found', id: 'REQ00000007', error: lost })
    expect(steps).toEqual(['sending', 'checking'])
    expect(calls).toEqual(['create', 'state', 'find'])
    // By creation time after the send started (less the clocks' margin): an older request with the same reference is not this one.
    expect(since).toEqual([new Date(NOW - CLOCK_MARGIN_MS).toISOString()])
  })

  it('a created answer whose body was cut mid-way: found by reference and opened, never called refused', async () => {
    const cut = unreadable(201)
    const { port, calls } = fakePort({ create: () => Promise.reject(cut), states: [false], found: [['REQ00000008']] })
    expect((await run(port)).outcome).toEqual({ kind: 'found', id: 'REQ00000008', error: cut })
    expect(calls).toEqual(['create', 'state', 'find'])
  })

  it('a timeout while the first send is still in flight: keeps checking with backoff until it finishes, then opens it', async () => {
    // The 40 s latency fault: the form gives up waiting at 30 s, the operator creates the request later.
    const { port, calls, sleeps } = fakePort({
      create: () => Promise.reject(network()),
      states: [true, true, true, false],
      found: [[], [], [], ['REQ00000009']],
    })
    const { outcome, steps } = await run(port)
    expect(outcome).toMatchObject({ kind: 'found', id: 'REQ00000009' })
    expect(steps).toEqual(['sending', 'checking', 'processing', 'processing', 'processing'])
    expect(calls.filter((call) => call === 'create')).toHaveLength(1)
    expect(sleeps).toEqual([1_000, 2_000, 4_000])
  })

  it('the send finished and created nothing (a 503 before processing): only then is sending again safe', async () => {
    const unavailable = status(503, { code: 5, message: 'Service unavailable' })
    const { port, calls } = fakePort({ create: () => Promise.reject(unavailable), states: [false], found: [[]] })
    const { outcome } = await run(port)
    expect(outcome).toEqual({ kind: 'notCreated', error: unavailable, reference: 'PO-4711' })
    // The state was read before the search: "finished" then "not found" means nothing was created.
    expect(calls).toEqual(['create', 'state', 'find'])
  })

  it('the gateway refusing a second send while the first is in flight (409 code 64) is "still being processed", never a failure', async () => {
    const inFlight = status(409, { code: ERROR_CODE.sendInFlight, message: 'A request with this reference is still being processed' })
    const { port } = fakePort({ create: () => Promise.reject(inFlight), states: [true, false], found: [[], ['REQ00000011']] })
    const { outcome, steps } = await run(port)
    expect(outcome).toMatchObject({ kind: 'found', id: 'REQ00000011' })
    expect(steps).toEqual(['sending', 'checking', 'processing'])
  })

  it('checks that fail are repeated; after too many in a row it offers to check again, never to send again', async () => {
    const { port, calls, sleeps } = fakePort({ create: () => Promise.reject(network()), states: [network()] })
    const steps: SendStep[] = []
    const outcome = await sendOnce(body, port, { onStep: (step) => steps.push(step) })
    expect(outcome).toMatchObject({ kind: 'unverified', reference: 'PO-4711', since: new Date(NOW - CLOCK_MARGIN_MS).toISOString() })
    expect(calls.filter((call) => call === 'state')).toHaveLength(MAX_FAILED_CHECKS)
    expect(calls.filter((call) => call === 'create')).toHaveLength(1)
    expect(steps.filter((step) => step.kind === 'checkFailed')).toHaveLength(MAX_FAILED_CHECKS - 1)
    expect(steps.slice(0, 4)).toEqual([
      { kind: 'sending' },
      { kind: 'checking', attempt: 0 },
      { kind: 'checkFailed', attempt: 0, retryInMs: 1_000 },
      { kind: 'checkFailed', attempt: 1, retryInMs: 2_000 },
    ])
    expect(sleeps).toHaveLength(MAX_FAILED_CHECKS - 1)
  })

  it('a failed check followed by a good one carries on: a search failure counts as a failed check too', async () => {
    const { port } = fakePort({ create: () => Promise.reject(network()), states: [false], found: [network(), ['REQ00000012']] })
    expect((await run(port)).outcome).toMatchObject({ kind: 'found', id: 'REQ00000012' })
  })

  it('without a reference nothing can be looked for: it says so instead of offering to send again', async () => {
    const lost = network()
    const { port, calls } = fakePort({ create: () => Promise.reject(lost) })
    expect((await run(port, { type: 'INTERNET_ACCESS', customerReference: '  ' })).outcome).toEqual({ kind: 'unverifiable', error: lost })
    expect(calls).toEqual(['create'])
  })

  it('stops when the form goes away: an abort is thrown, not turned into an outcome', async () => {
    const controller = new AbortController()
    const { port } = fakePort({ create: () => Promise.reject(network()), states: [true] })
    port.sleep = async () => {
      controller.abort()
      throw abortError()
    }
    await expect(sendOnce(body, port, { signal: controller.signal })).rejects.toThrow('aborted')
    const { port: aborted } = fakePort({ create: () => Promise.reject(abortError()) })
    await expect(sendOnce(body, aborted)).rejects.toThrow('aborted')
  })

  it('an unexpected error (not an API error) is not swallowed', async () => {
    const { port } = fakePort({ create: () => Promise.reject(new TypeError('bug')) })
    await expect(sendOnce(body, port)).rejects.toThrow('bug')
  })
})

describe('confirmArrival (check again)', () => {
  it('resumes from the same reference and start time', async () => {
    const { port, since } = fakePort({ create: () => Promise.reject(network()), states: [false], found: [[]] })
    const outcome = await confirmArrival({ error: network(), reference: 'PO-1', since: '2026-11-23T09:58:00.000Z' }, port)
    expect(outcome).toMatchObject({ kind: 'notCreated', reference: 'PO-1' })
    expect(since).toEqual(['2026-11-23T09:58:00.000Z'])
  })
  it('backs off up to 15 s and stays there', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(backoffAt)).toEqual([...CHECK_BACKOFF_MS, 15_000, 15_000])
  })
})
