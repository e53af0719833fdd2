import { z } from 'zod/mini'
import { ERROR_CODE } from './error'

/**
 * The application quota of reference 2 "Limits" and the one reading of a 403 code 53 (docs/decisions/0032-application-quota.md).
 */

/** A quota as the sandbox takes it (SANDBOX_QUOTA and POST /sandbox/control/quota): strict, it is what we send. */
export const ZQuotaRule = z.discriminatedUnion('window', [
  z.strictObject({
    window: z.literal('fixed'),
    limit: z.int().check(z.minimum(0), z.maximum(1_000_000_000)),
    /** `month` as reference 2's example (reset at the midnight GMT that ends the month's last day); `day` for demos. */
    period: z.enum(['month', 'day']),
  }),
  z.strictObject({
    window: z.literal('rolling'),
    limit: z.int().check(z.minimum(0), z.maximum(1_000_000_000)),
    seconds: z.int().check(z.minimum(1), z.maximum(31_622_400)),
  }),
])
export type QuotaRule = z.infer<typeof ZQuotaRule>

/** What a 403 code 53 says it is: the application's quota, the spike arrest, or neither that we can tell. */
export type TooManyRequestsKind = 'quota' | 'spikeArrest' | 'unknown'

/**
 * An unknown 403 code 53 is read as the spike arrest this many times in a row (a short wait each), then shown as it
 * came: bounded, so that an operator's new wording for a spent quota cannot keep the console calling.
 */
export const UNKNOWN_TOO_MANY_TRIES = 2

/** Lower case, accents off: "Quota", "QUOTA" and "quota" read alike, and "anti-pic" as "anti-pic". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Reads a 403 code 53 by its description, the only signal reference 2 gives ("mentions the global quota limit" or
 * "the spike arrest limit"), in English or French, any case. Anything else is `unknown`.
 */
export function readTooManyRequests(description: string | null | undefined): TooManyRequestsKind {
  if (!description) return 'unknown'
  const text = folded(description)
  if (/\bquotas?\b/.test(text)) return 'quota'
  if (/spike|arrest|anti-?pic|pic de (trafic|requetes)/.test(text)) return 'spikeArrest'
  return 'unknown'
}

/** A 403 code 53 whose description names the quota: the application's quota for the API is used up. */
export function isQuotaRefusal(status: number, code: number | null | undefined, description: string | null | undefined): boolean {
  return status === 403 && code === ERROR_CODE.tooManyRequests && readTooManyRequests(description) === 'quota'
}
