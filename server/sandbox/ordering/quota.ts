import { ERROR_CODE } from '@contract/error'
import type { QuotaRule } from '@contract/quota'
import { ApiError } from '../../shared/api-error'
import type { Db } from '../db'
import { ORDERING_ERRORS } from './messages'

/**
 * The application quota of reference 2 "Limits", per application and API, on the sandbox clock
 * (docs/decisions/0032-application-quota.md). The counters live in SQLite, so a restart keeps them; the rule is the
 * one SANDBOX_QUOTA gave at start or the control endpoint set since.
 */
const QUOTA_TABLES = `
CREATE TABLE IF NOT EXISTS quota_fixed (
  client_id TEXT NOT NULL,
  api TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (client_id, api)
) STRICT;
CREATE TABLE IF NOT EXISTS quota_rolling (
  client_id TEXT NOT NULL,
  api TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS quota_rolling_by_client ON quota_rolling (client_id, api, at);
`

/** A refused call: the rule it hit and, for a fixed window, when the window resets (ms, sandbox clock). */
export interface QuotaRefusal {
  rule: QuotaRule
  resetAt: number | null
}

/** The start and the end of the fixed window holding `now`: a UTC month or a UTC day. */
function fixedWindow(period: 'month' | 'day', now: number): { start: number; end: number } {
  const d = new Date(now)
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()]
  return period === 'month' ? { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) } : { start: Date.UTC(y, m, day), end: Date.UTC(y, m, day + 1) }
}

export class ApplicationQuota {
  private current: QuotaRule | null
  private readonly statements
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly db: Db,
    readonly now: () => number,
    rule: QuotaRule | null = null,
  ) {
    db.exec(QUOTA_TABLES)
    this.current = rule
    this.statements = {
      fixed: db.prepare<[string, string], { window_start: number; used: number }>('SELECT window_start, used FROM quota_fixed WHERE client_id = ? AND api = ?'),
      putFixed: db.prepare(
        `INSERT INTO quota_fixed (client_id, api, window_start, used) VALUES (?, ?, ?, ?)
         ON CONFLICT (client_id, api) DO UPDATE SET window_start = excluded.window_start, used = excluded.used`,
      ),
      forget: db.prepare('DELETE FROM quota_rolling WHERE client_id = ? AND api = ? AND at <= ?'),
      count: db.prepare<[string, string], { n: number; oldest: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM quota_rolling WHERE client_id = ? AND api = ?',
      ),
      add: db.prepare('INSERT INTO quota_rolling (client_id, api, at) VALUES (?, ?, ?)'),
    }
  }

  get rule(): QuotaRule | null {
    return this.current
  }

  /** A new rule starts with fresh counters; `null` removes the quota. */
  set(rule: QuotaRule | null): void {
    this.db.exec('DELETE FROM quota_fixed; DELETE FROM quota_rolling;')
    this.current = rule
    for (const listener of this.listeners) listener()
  }

  /** Told when the rule changes (the server that holds the sandbox and the gateway together forgets the gateway's pause). */
  onChange(listener: () => void): void {
    this.listeners.add(listener)
  }

  /** Calls the application made in the current window. */
  used(clientId: string, api: string): number {
    const rule = this.current
    if (!rule) return 0
    const now = this.now()
    if (rule.window === 'fixed') {
      const row = this.statements.fixed.get(clientId, api)
      return row && row.window_start === fixedWindow(rule.period, now).start ? row.used : 0
    }
    this.statements.forget.run(clientId, api, now - rule.seconds * 1000)
    return this.statements.count.get(clientId, api)?.n ?? 0
  }

  /** Counts the call when the quota allows it; otherwise the refusal, and the call is not counted. */
  take(clientId: string, api: string): QuotaRefusal | null {
    const rule = this.current
    if (!rule) return null
    const now = this.now()
    if (rule.window === 'fixed') {
      const { start, end } = fixedWindow(rule.period, now)
      const row = this.statements.fixed.get(clientId, api)
      const used = row && row.window_start === start ? row.used : 0
      if (used >= rule.limit) return { rule, resetAt: end }
      this.statements.putFixed.run(clientId, api, start, used + 1)
      return null
    }
    // Rolling: recomputed at each call over the last `seconds`, never reset (reference 2).
    this.statements.forget.run(clientId, api, now - rule.seconds * 1000)
    const used = this.statements.count.get(clientId, api)?.n ?? 0
    if (used >= rule.limit) return { rule, resetAt: null }
    this.statements.add.run(clientId, api, now)
    return null
  }
}

/**
 * The 403 code 53 of a spent quota: its description names the global quota limit (reference 2), and a fixed window
 * sends `Retry-After` up to its reset; a rolling window sends none, since nothing resets there (0032).
 */
export function quotaRefusal(refused: QuotaRefusal, now: number): ApiError {
  const { rule, resetAt } = refused
  if (rule.window === 'rolling') {
    return new ApiError(ORDERING_ERRORS, 403, ERROR_CODE.tooManyRequests, 'quotaRolling', { limit: rule.limit, seconds: rule.seconds })
  }
  const at = resetAt ?? now
  return new ApiError(
    ORDERING_ERRORS,
    403,
    ERROR_CODE.tooManyRequests,
    rule.period === 'month' ? 'quotaMonth' : 'quotaDay',
    { limit: rule.limit, resetAt: new Date(at).toISOString().replace('.000Z', 'Z') },
    { headers: { 'Retry-After': String(Math.max(1, Math.ceil((at - now) / 1000))) } },
  )
}
