import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE, type ApiErrorBody } from '@contract/error'
import { ZSendStateQuery, type SendState } from '@contract/gateway-sends'
import { pickLanguage } from '../shared/language'
import { newRequestId } from '../shared/request-id'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import type { PersonCustomers } from './person-customer'
import type { SharedStore } from './shared-store'

/**
 * How long a creation the gateway gave up on (timeout, network failure, answer lost mid-way) still counts as in
 * flight: the operator may yet be processing it (reference 2: "A timeout or error status does not prove that the
 * request was not processed"). Past it the operator can be assumed to have finished (docs/decisions/0020).
 */
export const SEND_GRACE_MS = 5 * 60_000

const MESSAGES = {
  en: {
    409: 'A request with this reference is still being sent',
    inFlight: (reference: string) =>
      `A request with the customer reference ${reference} was sent a moment ago and is still being processed. Wait until it has been processed, then check the list of requests before sending again.`,
    401: 'Not signed in',
    signedOut: 'Sign in to see the state of a send.',
    400: 'Invalid query parameter',
    badQuery: 'Give customerReference, 1 to 18 characters, once.',
    502: 'The ordering API could not be reached',
    unreachable: 'The ordering API could not be reached. Try again in a moment.',
  },
  fr: {
    409: 'Une demande avec cette référence est encore en cours d’envoi',
    inFlight: (reference: string) =>
      `Une demande avec la référence client ${reference} vient d’être envoyée et est encore en cours de traitement. Attendez la fin de son traitement, puis vérifiez la liste des demandes avant de renvoyer.`,
    401: 'Non connecté',
    signedOut: 'Connectez-vous pour voir l’état d’un envoi.',
    400: 'Paramètre de requête invalide',
    badQuery: 'Indiquez customerReference, de 1 à 18 caractères, une seule fois.',
    502: 'L’API de commande est injoignable',
    unreachable: 'L’API de commande est injoignable. Réessayez dans un instant.',
  },
} as const

function errorAnswer(c: Context, status: 400 | 401 | 409 | 502, code: number, description: string): Response {
  const messages = MESSAGES[pickLanguage(c.req.header('Accept-Language'))]
  const body: ApiErrorBody = { code, message: messages[status], description }
  return c.body(JSON.stringify(body), status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    [HEADER.requestId]: newRequestId(),
  })
}

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
  /** GET SENDS_PATH (contract/gateway-sends.ts). */
  routes: Hono
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
export function sendGuard(options: {
  store: SharedStore
  sessions: GatewaySessions
  customers: PersonCustomers
  upstreamTimeoutMs: number
  graceMs?: number
}): SendGuard {
  const { store, sessions, customers } = options
  const graceMs = options.graceMs ?? SEND_GRACE_MS
  const heldMs = options.upstreamTimeoutMs + graceMs

  const routes = new Hono()
  routes.get('/', async (c) => {
    const messages = MESSAGES[pickLanguage(c.req.header('Accept-Language'))]
    const session = await sessions.read(c)
    if (!session) return errorAnswer(c, 401, ERROR_CODE.missingCredentials, messages.signedOut)
    const references = c.req.queries('customerReference') ?? []
    const query = ZSendStateQuery.safeParse({ customerReference: references[0] })
    if (references.length !== 1 || !query.success) return errorAnswer(c, 400, ERROR_CODE.invalidQueryParameter, messages.badQuery)
    const lookup = await customers.of(c, session)
    if (lookup.kind === 'refused') {
      // The operator's own refusal (signed out, throttled…), as it gave it.
      const headers = new Headers({ 'Content-Type': lookup.headers.get('content-type') ?? 'application/json', 'Cache-Control': 'no-store' })
      const requestId = lookup.headers.get(HEADER.requestId)
      if (requestId) headers.set(HEADER.requestId, requestId)
      if (lookup.setCookie) headers.set('Set-Cookie', lookup.setCookie)
      return new Response(lookup.body, { status: lookup.status, headers })
    }
    if (lookup.kind === 'failed') return errorAnswer(c, 502, ERROR_CODE.internal, messages.unreachable)
    const reference = query.data.customerReference
    const state: SendState = { customerReference: reference, inFlight: (await store.get(sendKey(lookup.customerId, reference))) !== null }
    const answer = c.json(state, 200, { 'Cache-Control': 'no-store' })
    if (lookup.setCookie) answer.headers.set('Set-Cookie', lookup.setCookie)
    return answer
  })

  return {
    routes,
    async enter(c, session, body) {
      const reference = referenceOf(body)
      if (!session || reference === null) return null
      const lookup = await customers.of(c, session)
      if (lookup.kind !== 'customer') return null
      const key = sendKey(lookup.customerId, reference)
      const owner = randomBytes(16).toString('base64url')
      if (!(await store.setIfAbsent(key, owner, heldMs))) {
        return errorAnswer(c, 409, ERROR_CODE.sendInFlight, MESSAGES[pickLanguage(c.req.header('Accept-Language'))].inFlight(reference))
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
