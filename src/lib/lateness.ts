import { DEFAULT_CLOSED_STATUSES } from '@contract/operator-profile'

const DAY_MS = 86_400_000

/**
 * Whole days since the requested date was over, as the API decides lateness (docs/decisions/0003): a request
 * is overdue from 00:00 UTC the day after `keyDates.requestedAt`, so that moment is "1 day late".
 */
export function daysLate(requestedAt: string, now: Date = new Date()): number {
  const requested = Date.parse(`${requestedAt}T00:00:00Z`)
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  if (Number.isNaN(requested)) return 0
  return Math.max(0, Math.round((today - requested) / DAY_MS))
}

/**
 * An overdue request still open is late by the day; one closed late (COMPLETED) was delivered late. Open is every
 * status the operator does not name as closed (docs/decisions/0028-tolerant-reader.md).
 */
export function isStillOpen(status: string | undefined, closedStatuses: readonly string[] = DEFAULT_CLOSED_STATUSES): boolean {
  return status !== undefined && !closedStatuses.includes(status)
}

/** The lateness bands of the overdue view (docs/decisions/0019): a week, a month, more. */
export const LATENESS_BANDS = ['over30', 'days8to30', 'days1to7'] as const
export type LatenessBand = (typeof LATENESS_BANDS)[number]

export function latenessBand(days: number): LatenessBand {
  return days > 30 ? 'over30' : days > 7 ? 'days8to30' : 'days1to7'
}
