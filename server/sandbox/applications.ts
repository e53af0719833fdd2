import type { Db } from './db'

export interface ApplicationRow {
  client_id: string
  client_secret: string
  api_key: string
  name: string
  customer_id: string
  scopes: string
  subscribed: 0 | 1
}

/** Registered client applications (reference 2): credentials, API key, customer and subscription. */
export class Applications {
  private readonly statements

  constructor(db: Db) {
    this.statements = {
      byKey: db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE api_key = ?'),
      byClientId: db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE client_id = ?'),
      subscribe: db.prepare('UPDATE applications SET subscribed = ? WHERE client_id = ?'),
    }
  }

  byApiKey(key: string): ApplicationRow | undefined {
    return this.statements.byKey.get(key)
  }

  byClientId(clientId: string): ApplicationRow | undefined {
    return this.statements.byClientId.get(clientId)
  }

  setSubscribed(clientId: string, subscribed: boolean): boolean {
    return this.statements.subscribe.run(subscribed ? 1 : 0, clientId).changes > 0
  }
}

/**
 * Fixed one-second windows per key (spike arrest), or one-minute windows (token requests). A limit of
 * 0 turns the limiter off, which benchmarks use.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly realNow: () => number,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  hit(key: string): boolean {
    if (this.limit <= 0) return true
    const now = this.realNow()
    const window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 })
      return true
    }
    window.count += 1
    return window.count <= this.limit
  }

  /** Seconds until the key's window ends, for Retry-After. */
  retryAfterSeconds(key: string): number {
    const window = this.windows.get(key)
    return window ? Math.max(1, Math.ceil((window.start + this.windowMs - this.realNow()) / 1000)) : 1
  }
}
