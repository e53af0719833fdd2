import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { ERROR_CODE } from '@contract/error'
import { ApiError } from '../shared/api-error'
import { pickLanguage } from '../shared/language'
import { newRequestId } from '../shared/request-id'
import { SESSION_COOKIE } from './auth/session'
import { GATEWAY_ERRORS } from './gateway-errors'
import { redisHealth, type RedisClient, type RedisHealth } from './redis-store'

/**
 * The request header the SPA's paging reader (and any client reading everything: the CSV export, the overdue
 * report) sends on each page it fetches: such reads yield to people's page views (docs/decisions/0021-many-instances.md).
 */
export const BULK_READ_HEADER = 'X-Bulk-Read'
/** How long a page view may wait for a slot before the gateway answers 429; a bulk read waits longer. */
export const INTERACTIVE_WAIT_MS = 8_000
export const BULK_WAIT_MS = 15_000
/** Requests waiting on one instance past which the next is answered 429 at once. */
const MAX_WAITING = 500

interface Caller {
  /** A hash of the session cookie, or `anonymous`. */
  person: string
  bulk: boolean
  /** How long this request's calls waited for the budget, in ms (reported in Server-Timing). */
  waitedMs?: number
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface ThrottleOptions {
  /** The operator's spike arrest, requests a second for the whole application (OPERATOR_REQUESTS_PER_SECOND); 0 turns the throttle off. */
  perSecond: number
  /** The instances' Redis, or null for one instance's memory. */
  redis: RedisClient | null
  /** Whether Redis is asked at all (the gateway store's, shared with the other users of `redis`); its own when absent. */
  health?: RedisHealth
  now?: () => number
  interactiveWaitMs?: number
  /**
   * The rate a person's share of server renders is cut from (the list's first view, docs/decisions/0026-first-view.md):
   * the operator's, or the sandbox's spike arrest when the budget is off in front of it; 0 or absent, not counted.
   */
  renderPerSecond?: number
  bulkWaitMs?: number
}

/**
 * The operator's spike arrest counts every call of the application in fixed one-second windows that start
 * whenever its traffic does, so no window of ours can be aligned with its. The budget is therefore cut in short
 * slots of the wall clock (the instances' clocks agree to a few ms) with a few calls each, such that any second,
 * wherever it starts, holds at most 90% of the limit: `points × (slots a second + 1) ≤ 0.9 × limit`. For 25
 * a second: 2 calls per 100 ms slot, 20 a second sustained, never more than 22 in any second.
 */
export function budgetOf(perSecond: number): { slotMs: number; points: number; bulkPoints: number; personPoints: number } {
  const budget = Math.max(1, Math.floor(perSecond * 0.9))
  const slots = budget >= 11 ? 10 : Math.max(1, budget - 1)
  const points = budget >= 11 ? Math.floor(budget / 11) : 1
  return {
    slotMs: Math.ceil(1000 / slots),
    points,
    // Bulk reads never take more than half a slot's calls (at least one), so page views always find room.
    bulkPoints: Math.max(1, Math.floor(points / 2)),
    // No one person takes more than 60% of the sustained rate, whatever they do.
    personPoints: Math.max(1, Math.ceil(points * slots * 0.6)),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Who a request is to the budget: a hash of its session cookie, or `anonymous`. */
export function personOf(c: Context): string {
  const cookie = getCookie(c, SESSION_COOKIE)
  return cookie ? createHash('sha256').update(cookie).digest('base64url').slice(0, 22) : 'anonymous'
}

/**
 * One throttle budget for every instance (docs/decisions/0021-many-instances.md): rate-limiter-flexible counters in
 * Redis (RateLimiterRedis, with a RateLimiterMemory insurance while Redis is away) or in memory for one instance:
 * a per-person limiter, a share of each slot for bulk reads, and the slot's calls for everyone. A call that finds
 * no room waits for the next slot (a page view first, a bulk read a few ms later) up to a bounded wait, then is
 * answered 429 with Retry-After and the error entity.
 */
export function operatorThrottle(options: ThrottleOptions) {
  const now = options.now ?? Date.now
  const callers = new AsyncLocalStorage<Caller>()
  const { slotMs, points, bulkPoints, personPoints } = budgetOf(options.perSecond)
  const health = options.health ?? redisHealth(options.redis)
  /**
   * A counter in Redis, with this instance's own counter (the same limits) while Redis is away or frozen: each Redis
   * call is bounded (COMMAND_TIMEOUT_MS, docs/decisions/0031-server-side-sessions.md), then the instance counts alone.
   */
  interface Counter {
    consume(key: string, points?: number): Promise<unknown>
  }
  const limiter = (keyPrefix: string, limit: number, duration: number): Counter => {
    const memory = new RateLimiterMemory({ keyPrefix, points: limit, duration })
    if (!options.redis) return memory
    const shared = new RateLimiterRedis({
      storeClient: options.redis,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: `oc:${keyPrefix}`,
      points: limit,
      duration,
      // While Redis is away, each instance counts alone (0021: per-instance behaviour until it returns).
      insuranceLimiter: memory,
    })
    return {
      async consume(key, points = 1) {
        if (!health.usable()) return memory.consume(key, points)
        const counted = shared.consume(key, points)
        try {
          return await health.bounded(counted)
        } catch (error) {
          if (error instanceof RateLimiterRes) throw error
          return memory.consume(key, points)
        }
      },
    }
  }
  // A slot's key lives one second (the smallest expiry Redis counters take); each slot has its own key.
  const slotLimiter = limiter('budget', points, 1)
  const bulkLimiter = limiter('budget-bulk', bulkPoints, 1)
  const personLimiter = limiter('budget-person', personPoints, 1)
  // Each render asks the operator a few times (the session, the list, its counts): they count against the person's
  // share of the rate (0021), never waiting: past it, the page goes without its first view and loads in the browser.
  const renderBudget = budgetOf(options.renderPerSecond ?? 0)
  const renderLimiter = limiter('render-person', renderBudget.personPoints, 1)
  let waiting = 0

  /** True when the call was counted; false with how long until the limiter's window ends. */
  async function consume(target: Counter, key: string, points = 1): Promise<{ ok: true } | { ok: false; waitMs: number }> {
    try {
      await target.consume(key, points)
      return { ok: true }
    } catch (error) {
      if (error instanceof RateLimiterRes) return { ok: false, waitMs: error.msBeforeNext }
      // Neither Redis nor the insurance answered: serving beats refusing, the operator's own limit still holds.
      return { ok: true }
    }
  }

  /**
   * Waiting calls of one kind queue here, first come first served, so only the head of each queue asks the
   * counters at each slot (a few Redis calls a slot, not one per waiting call) and an instance's page views are
   * served in the order they came.
   */
  const queues: Record<'bulk' | 'interactive', Promise<unknown>> = { bulk: Promise.resolve(), interactive: Promise.resolve() }

  /** One try at the current slot: true when counted, else how long until the next try. */
  async function trySlot(bulk: boolean): Promise<true | number> {
    const slot = Math.floor(now() / slotMs)
    // A bulk read comes back a little after the slot opens, so the page views waiting take it first.
    const retry = (slot + 1) * slotMs - now() + (bulk ? 10 + Math.random() * 20 : Math.random() * 5)
    if (bulk && !(await consume(bulkLimiter, String(slot))).ok) return retry
    return (await consume(slotLimiter, String(slot))).ok ? true : retry
  }

  async function takeSlot(bulk: boolean, wait: (ms: number) => Promise<boolean>): Promise<boolean> {
    for (;;) {
      const tried = await trySlot(bulk)
      if (tried === true) return true
      if (!(await wait(tried))) return false
    }
  }
  const queued = { bulk: 0, interactive: 0 }

  async function acquire(caller: Caller): Promise<Admission> {
    if (options.perSecond <= 0) return { ok: true }
    const deadline = now() + (caller.bulk ? (options.bulkWaitMs ?? BULK_WAIT_MS) : (options.interactiveWaitMs ?? INTERACTIVE_WAIT_MS))
    const refuse = (): Admission => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waiting / Math.max(1, points * (1000 / slotMs)))) })
    if (waiting >= MAX_WAITING) return refuse()
    waiting += 1
    const wait = async (ms: number) => {
      const left = deadline - now()
      if (left <= 0) return false
      await sleep(Math.min(ms, left))
      return true
    }
    try {
      // The person's own limit first, outside the queue: one person over it never holds up the others.
      for (;;) {
        const person = await consume(personLimiter, caller.person)
        if (person.ok) break
        if (!(await wait(person.waitMs))) return refuse()
      }
      const kind = caller.bulk ? 'bulk' : 'interactive'
      // Room and no one waiting: straight through, concurrently with the others.
      if (queued[kind] === 0 && (await trySlot(caller.bulk)) === true) return { ok: true }
      queued[kind] += 1
      const turn = queues[kind].then(() => (now() < deadline ? takeSlot(caller.bulk, wait) : false))
      queues[kind] = turn.catch(() => false)
      try {
        return (await turn) ? { ok: true } : refuse()
      } finally {
        queued[kind] -= 1
      }
    } finally {
      waiting -= 1
    }
  }

  /** Whether `person` (personOf) may have a server render that makes `calls` calls now. */
  async function admitRender(person: string, calls: number): Promise<boolean> {
    if (!options.renderPerSecond) return true
    return (await consume(renderLimiter, `render:${person}`, calls)).ok
  }

  /** Marks the calls a request makes to the operator with its person and kind; for the gateway's /api routes. */
  const middleware: MiddlewareHandler = async (c, next) => {
    const person = personOf(c)
    const bulk = (c.req.header(BULK_READ_HEADER) ?? '') !== '' && c.req.method === 'GET'
    const caller: Caller = { person, bulk, waitedMs: 0 }
    await callers.run(caller, next)
    // How long the budget held the request up, so that a slow page can be told from a slow operator.
    if (caller.waitedMs) c.res.headers.append('Server-Timing', `throttle;dur=${caller.waitedMs}`)
  }

  /** `fetch` to the operator, counted against the budget; past the wait, a 429 the proxies pass on as it is. */
  const wrap =
    (fetch: (request: Request) => Promise<Response>) =>
    async (request: Request): Promise<Response> => {
      const caller = callers.getStore() ?? { person: 'gateway', bulk: false }
      const started = now()
      const admission = await acquire(caller)
      caller.waitedMs = (caller.waitedMs ?? 0) + (now() - started)
      if (admission.ok) return fetch(request)
      const seconds = admission.retryAfterSeconds
      const refusal = new ApiError(
        GATEWAY_ERRORS,
        429,
        ERROR_CODE.tooManyRequests,
        'operatorBudget',
        { seconds },
        { headers: { 'Retry-After': String(seconds) } },
      )
      return refusal.toResponse(pickLanguage(request.headers.get('accept-language')), newRequestId())
    }

  return { acquire, admitRender, middleware, wrap, run: <T>(caller: Caller, fn: () => T) => callers.run(caller, fn) }
}
