import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ZSendStateQuery, type SendState } from '@contract/gateway-sends'
import { ApiError } from '../shared/api-error'
import { answerError, noteCustomer } from '../shared/edge'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import { GATEWAY_ERRORS } from './gateway-errors'
import type { PersonCustomers } from './person-customer'
import type { SharedStore } from './shared-store'

/**
 * How long a creation the gateway gave up on (timeout, network failure, answer lost mid-way) still counts as in
 * flight: the operator may yet be processing it (reference 2: "A timeout or error status does not prove that the
 * request was not processed"). Past it the operator can be assumed to have finished (docs/decisions/0020).
 */
export const SEND_GRACE_MS = 5 * 60_000

/** The guard's refusals depend on the moment: no cache keeps them. */
const NOT_STORED = { headers: { 'Cache-Control': 'no-store' } }

/** One creation let through: `leave` must be called once its upstream call is over. */
export interface HeldSend {
  leave(outcome: 'answered' | 'gaveUp'): Promise<void>
}

export interface SendGuard {
  /**
   * Before POST /requests is forwarded: a refusal (409) while the same customer's creation with the same
   * customer reference is in flight, else the held send (null when the body has no reference or the customer
   * cannot be known: then the operator's own answer decides).
   */
  enter(c: Context, session: Session | null, body: ArrayBuffer | undefined): Promise<Response | HeldSend | null>
}

/** What the guard and its route read: the shared store, the sessions and the person's customer. */
interface GuardStores {
  store: SharedStore
  sessions: GatewaySessions
  customers: PersonCustomers
}

/** The guard's key: a hash, so that the store never holds a customer id or reference in clear. */
export function sendKey(customerId: string, customerReference: string): string {
  return `send:${createHash('sha256').update(`${customerId}\u0000${customerReference}`).digest('base64url')}`
}

function referenceOf(body: ArrayBuffer | undefined): string | null {
  if (!body || body.byteLength === 0) return null
  try {
    const value = JSON.parse(new TextDecoder().decode(body)) as unknown
    const reference = value && typeof value === 'object' ? (value as { customerReference?: unknown }).customerReference : undefined
    // The operator compares references as they are sent; a blank one names nothing.
    return typeof reference === 'string' && reference.trim() !== '' ? reference : null
  } catch {
    return null
  }
}

/**
 * The gateway's send guard (docs/decisions/0020-hostile-input-and-faults.md): one creation per customer and
 * customer reference at a time, across every instance sharing `store`. The key lives until the operator answers;
 * when the gateway gives up waiting, for SEND_GRACE_MS more; and never longer than the upstream timeout plus that
 * grace, so that an instance that died mid-send frees it too.
 */
export function sendGuard(options: { store: SharedStore; customers: PersonCustomers; upstreamTimeoutMs: number; graceMs?: number }): SendGuard {
  const { store, customers } = options
  const graceMs = options.graceMs ?? SEND_GRACE_MS
  const heldMs = options.upstreamTimeoutMs + graceMs

  return {
    async enter(c, session, body) {
      const reference = referenceOf(body)
      if (!session || reference === null) return null
      const lookup = await customers.of(c, session)
      if (lookup.kind !== 'customer') return null
      const key = sendKey(lookup.customerId, reference)
      const owner = randomBytes(16).toString('base64url')
      if (!(await store.setIfAbsent(key, owner, heldMs))) {
        throw new ApiError(GATEWAY_ERRORS, 409, ERROR_CODE.sendInFlight, 'inFlight', { reference }, NOT_STORED)
      }
      return {
        async leave(outcome) {
          // Given up: no answer proves the operator did not create it, so the reference stays held a while.
          if (outcome === 'gaveUp') {
            if ((await store.get(key)) === owner) await store.set(key, owner, graceMs)
          } else {
            await store.delete(key, owner)
          }
        },
      }
    },
  }
}

/** GET SENDS_PATH (contract/gateway-sends.ts): whether a creation with this customer reference is in flight. */
export function sendGuardRoutes(stores: GuardStores): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.get('/', (c) => getSendState(stores, c))
  return app
}

async function getSendState({ store, sessions, customers }: GuardStores, c: Context): Promise<Response> {
  const session = await sessions.read(c)
  if (!session) throw new ApiError(GATEWAY_ERRORS, 401, ERROR_CODE.missingCredentials, 'signedOut', {}, NOT_STORED)
  const references = c.req.queries('customerReference') ?? []
  const query = ZSendStateQuery.safeParse({ customerReference: references[0] })
  if (references.length !== 1 || !query.success) throw new ApiError(GATEWAY_ERRORS, 400, ERROR_CODE.invalidQueryParameter, 'badSendQuery', {}, NOT_STORED)
  const lookup = await customers.of(c, session)
  if (lookup.kind === 'refused') {
    // The operator's own refusal (signed out, throttled…), as it gave it.
    const headers = new Headers({ 'Content-Type': lookup.headers.get('content-type') ?? 'application/json', 'Cache-Control': 'no-store' })
    const requestId = lookup.headers.get(HEADER.requestId)
    if (requestId) headers.set(HEADER.requestId, requestId)
    if (lookup.setCookie) headers.set('Set-Cookie', lookup.setCookie)
    return new Response(lookup.body, { status: lookup.status, headers })
  }
  if (lookup.kind === 'failed') throw new ApiError(GATEWAY_ERRORS, 502, ERROR_CODE.internal, 'unreachable', {}, NOT_STORED)
  noteCustomer(c, lookup.customerId)
  const reference = query.data.customerReference
  const state: SendState = { customerReference: reference, inFlight: (await store.get(sendKey(lookup.customerId, reference))) !== null }
  const answer = c.json(state, 200, { 'Cache-Control': 'no-store' })
  if (lookup.setCookie) answer.headers.set('Set-Cookie', lookup.setCookie)
  return answer
}
