import { ZApiErrorBody, ERROR_CODE } from '@contract/error'
import { isQuotaRefusal } from '@contract/quota'
import { ApiError, errorApi, type MessageTable } from '../shared/api-error'
import { pickLanguage } from '../shared/language'
import type { FetchLike } from '../shared/upstream-fetch'
import type { SharedStore } from './shared-store'

/**
 * The gateway stops spending calls on an API whose application quota is spent (docs/decisions/0032-application-quota.md):
 * once the operator answers 403 code 53 naming the quota, every instance (the shared store, 0021) answers the same
 * refusal itself, without calling, until the reset it learned (Retry-After) or, when none was given, until a probe, one
 * call at most every PROBE_INTERVAL_MS across the instances, succeeds.
 */
export const QUOTA_PROBE_INTERVAL_MS = 60_000
/** Without a reset, the pause is kept this long at most between two probes' answers (a probe refused renews it). */
const UNKNOWN_RESET_PAUSE_MS = 24 * 3600_000

/** The reads that count against no quota (reference 1's status, version and description): never paused. */
const UNCOUNTED = /\/(status|version|doc)\/?$/

/** The gateway's own words for a refusal it answers in the operator's stead; they name the quota, as the operator's do. */
const QUOTA_PAUSE_ERRORS = errorApi('gateway-quota', 'platform', {
  pausedUntil: {
    en: 'Global quota limit of this application on this API reached: the operator refused a call at {{since}}. No call is made until the quota resets at {{resetAt}} (GMT).',
    fr: 'Limite globale de quota de cette application sur cette API atteinte : l’opérateur a refusé un appel à {{since}}. Aucun appel n’est fait avant la remise à zéro du quota le {{resetAt}} (GMT).',
  },
  pausedProbing: {
    en: 'Global quota limit of this application on this API reached: the operator refused a call at {{since}}. The quota frees gradually; one call a minute checks whether it has.',
    fr: 'Limite globale de quota de cette application sur cette API atteinte : l’opérateur a refusé un appel à {{since}}. Le quota se libère peu à peu ; un appel par minute vérifie s’il l’est.',
  },
} satisfies MessageTable<string>)

interface Pause {
  /** When the operator refused (ms). */
  since: number
  /** The reset the operator gave (ms), or null: probe. */
  until: number | null
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

async function readPause(store: SharedStore, key: string): Promise<Pause | null> {
  try {
    const text = await store.get(key)
    return text ? (JSON.parse(text) as Pause) : null
  } catch {
    // A store that cannot answer pauses nothing: the operator's own refusal still holds.
    return null
  }
}

/** A quota refusal of the operator, read from a copy of its answer; null for any other answer. */
async function quotaRefusalOf(response: Response, now: number): Promise<{ retryAfterSeconds: number | null } | null> {
  if (response.status !== 403) return null
  const body = ZApiErrorBody.safeParse(
    await response
      .clone()
      .json()
      .catch(() => null),
  )
  if (!body.success || !isQuotaRefusal(403, body.data.code, body.data.description)) return null
  const retryAfter = response.headers.get('Retry-After')?.trim() ?? ''
  if (/^\d+$/.test(retryAfter)) return { retryAfterSeconds: Number(retryAfter) }
  const at = Date.parse(retryAfter)
  return { retryAfterSeconds: Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000)) }
}

export function quotaPause(options: { store: SharedStore; api: string; now?: () => number; probeIntervalMs?: number }) {
  const now = options.now ?? Date.now
  const probeIntervalMs = options.probeIntervalMs ?? QUOTA_PROBE_INTERVAL_MS
  const pauseKey = `quota-pause:${options.api}`
  const probeKey = `quota-probe:${options.api}`

  const answerItself = (request: Request, pause: Pause): Response => {
    const at = now()
    const error =
      pause.until !== null
        ? new ApiError(
            QUOTA_PAUSE_ERRORS,
            403,
            ERROR_CODE.tooManyRequests,
            'pausedUntil',
            { since: iso(pause.since), resetAt: iso(pause.until) },
            { headers: { 'Retry-After': String(Math.max(1, Math.ceil((pause.until - at) / 1000))) } },
          )
        : new ApiError(QUOTA_PAUSE_ERRORS, 403, ERROR_CODE.tooManyRequests, 'pausedProbing', { since: iso(pause.since) })
    return error.toResponse(pickLanguage(request.headers.get('accept-language')))
  }

  /** What the operator's answer says of the quota: a refusal (re)starts the pause, a success ends it. */
  const learn = async (response: Response, wasPaused: boolean): Promise<void> => {
    const refusal = await quotaRefusalOf(response, now())
    try {
      if (refusal) {
        const at = now()
        const until = refusal.retryAfterSeconds === null ? null : at + refusal.retryAfterSeconds * 1000
        const pause: Pause = { since: at, until }
        await options.store.set(pauseKey, JSON.stringify(pause), until === null ? UNKNOWN_RESET_PAUSE_MS : Math.max(1000, until - at))
        // The first probe one interval after the refusal, not at the next call.
        if (until === null) await options.store.set(probeKey, '1', probeIntervalMs)
      } else if (wasPaused && response.status < 400) {
        await options.store.delete(pauseKey)
      }
    } catch {
      // The store away: the next call asks the operator, whose refusal still holds.
    }
  }

  const wrap =
    (fetch: FetchLike): FetchLike =>
    async (request) => {
      if (UNCOUNTED.test(new URL(request.url).pathname)) return fetch(request)
      const pause = await readPause(options.store, pauseKey)
      if (pause) {
        // A known reset: wait for it (the key expires then). No reset: one probe per interval across the instances.
        if (pause.until !== null) return answerItself(request, pause)
        const probe = await options.store.setIfAbsent(probeKey, '1', probeIntervalMs).catch(() => false)
        if (!probe) return answerItself(request, pause)
      }
      const response = await fetch(request)
      await learn(response, pause !== null)
      return response
    }

  /** Forgets the pause: the in-process sandbox's quota control, whose change the gateway cannot learn from the wire. */
  const forget = async () => {
    await options.store.delete(pauseKey).catch(() => undefined)
    await options.store.delete(probeKey).catch(() => undefined)
  }

  return { wrap, forget }
}
