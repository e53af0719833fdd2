import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { KEY_PREFIX, type RedisClient, type RedisHealth } from '../redis-store'

/**
 * Where signed-in sessions live (docs/decisions/0031-server-side-sessions.md): the cookie holds only a random id, the
 * store holds the session (sealed) under a hash of that id. SQLite for one instance, Redis for several. Nothing here
 * falls back to memory: a store that cannot answer throws StoreUnavailable, and the caller decides (the grace in
 * ServerSessions), so that a lost store can sign people out and never sign anyone back in.
 */
export interface SessionStore {
  /** Stores a new session. */
  create(key: string, value: string, ttlMs: number): Promise<void>
  /** Replaces a session only while it exists: a refresh never brings back a session signed out meanwhile. */
  replace(key: string, value: string, ttlMs: number): Promise<boolean>
  read(key: string): Promise<string | null>
  delete(key: string): Promise<void>
  close(): void
}

export class StoreUnavailable extends Error {}

/** The store's key of a session id: a hash, so that the store never holds what a cookie carries. */
export function sessionKey(sid: string): string {
  return `session:${createHash('sha256').update(sid).digest('base64url')}`
}

/** One instance's sessions in SQLite (SESSION_DB_PATH, `:memory:` for tests); a synchronous local file, never away. */
export function sqliteSessionStore(path: string, now: () => number = Date.now): SessionStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE IF NOT EXISTS sessions (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL)')
  const insert = db.prepare('INSERT OR REPLACE INTO sessions (key, value, expires_at) VALUES (?, ?, ?)')
  const update = db.prepare('UPDATE sessions SET value = ?, expires_at = ? WHERE key = ? AND expires_at > ?')
  const select = db.prepare<[string, number], { value: string }>('SELECT value FROM sessions WHERE key = ? AND expires_at > ?')
  const remove = db.prepare('DELETE FROM sessions WHERE key = ?')
  const sweep = db.prepare('DELETE FROM sessions WHERE expires_at <= ?')
  let created = 0
  return {
    async create(key, value, ttlMs) {
      // Expired rows go now and then, so that the file does not grow with sessions nobody ended.
      if (++created % 1000 === 0) sweep.run(now())
      insert.run(key, value, now() + ttlMs)
    },
    async replace(key, value, ttlMs) {
      return update.run(value, now() + ttlMs, key, now()).changes > 0
    },
    async read(key) {
      return select.get(key, now())?.value ?? null
    },
    async delete(key) {
      remove.run(key)
    },
    close: () => db.close(),
  }
}

/**
 * Sessions in the instances' Redis (keys `oc:session:…`, with the session's time to live); every call bounded by the
 * store's command timeout, and none made while `health` says Redis is away or frozen.
 */
export function redisSessionStore(client: RedisClient, health: RedisHealth): SessionStore {
  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    if (!health.usable()) throw new StoreUnavailable('Redis is unavailable')
    try {
      return await health.bounded(command())
    } catch (error) {
      throw new StoreUnavailable((error as Error).message)
    }
  }
  const px = (ttlMs: number) => ({ type: 'PX' as const, value: Math.max(1, Math.ceil(ttlMs)) })
  return {
    async create(key, value, ttlMs) {
      await call(() => client.set(KEY_PREFIX + key, value, { expiration: px(ttlMs) }))
    },
    async replace(key, value, ttlMs) {
      return (await call(() => client.set(KEY_PREFIX + key, value, { condition: 'XX', expiration: px(ttlMs) }))) === 'OK'
    },
    async read(key) {
      const value = await call(() => client.get(KEY_PREFIX + key))
      return typeof value === 'string' ? value : null
    },
    async delete(key) {
      await call(() => client.del(KEY_PREFIX + key))
    },
    close: () => {},
  }
}

/** How long a session this instance saw valid is still accepted while the store cannot answer (0031); at most 60 s. */
export const DEFAULT_GRACE_MS = 30_000
/** How often sign-outs the store could not take are tried again. */
const RETRY_EVERY_MS = 500
/** Sessions remembered for the grace, at most; past it, the oldest are forgotten (they then need the store). */
const MAX_REMEMBERED = 50_000

/** The store could not answer and the grace does not cover the session: the person gets 503 code 5 (0031). */
export class SessionsUnavailable extends Error {
  constructor() {
    super('The session store cannot be reached')
  }
}

/** Whether a sign-out reached the store, or waits for it in this instance's queue. */
export type SignOutOutcome = 'ended' | 'queued'

/**
 * The sessions as this instance serves them (docs/decisions/0031-server-side-sessions.md): the store is the truth;
 * while it cannot answer, a session this instance read valid within `graceMs` is still accepted (with what it read
 * then), never one this instance signed out, and anything else is SessionsUnavailable. A sign-out the store could not
 * take is remembered here and sent again every RETRY_EVERY_MS until it is.
 */
export class ServerSessions {
  private readonly seen = new Map<string, { value: string; at: number }>()
  /** Sessions signed out here whose deletion has not reached the store yet. */
  private readonly endedHere = new Set<string>()
  private retry: NodeJS.Timeout | null = null

  constructor(
    readonly store: SessionStore,
    private readonly now: () => number = Date.now,
    readonly graceMs: number = DEFAULT_GRACE_MS,
  ) {}

  async read(sid: string): Promise<string | null> {
    const key = sessionKey(sid)
    if (this.endedHere.has(key)) return null
    let value: string | null
    try {
      value = await this.store.read(key)
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error
      const seen = this.seen.get(key)
      if (seen && this.now() - seen.at <= this.graceMs) return seen.value
      throw new SessionsUnavailable()
    }
    if (value === null) {
      this.seen.delete(key)
      return null
    }
    this.remember(key, value, this.now())
    return value
  }

  /** A new session (a sign-in): without the store, nobody can be signed in (SessionsUnavailable). */
  async create(sid: string, value: string, ttlMs: number): Promise<void> {
    const key = sessionKey(sid)
    try {
      await this.store.create(key, value, ttlMs)
    } catch (error) {
      if (error instanceof StoreUnavailable) throw new SessionsUnavailable()
      throw error
    }
    this.remember(key, value, this.now())
  }

  /**
   * A renewed session (a refresh): false when it was signed out meanwhile. While the store cannot answer, this
   * instance serves the renewed one for what is left of the grace; the store keeps the previous one.
   */
  async renew(sid: string, value: string, ttlMs: number): Promise<boolean> {
    const key = sessionKey(sid)
    if (this.endedHere.has(key)) return false
    try {
      const replaced = await this.store.replace(key, value, ttlMs)
      if (replaced) this.remember(key, value, this.now())
      else this.seen.delete(key)
      return replaced
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error
      const seen = this.seen.get(key)
      if (seen) seen.value = value
      return true
    }
  }

  /** Ends a session: at once on this instance, in the store now or as soon as it answers again. */
  async end(sid: string): Promise<SignOutOutcome> {
    const key = sessionKey(sid)
    this.seen.delete(key)
    try {
      await this.store.delete(key)
      return 'ended'
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error
      this.endedHere.add(key)
      this.scheduleRetry()
      return 'queued'
    }
  }

  /** Sign-outs still waiting for the store. */
  pendingSignOuts(): number {
    return this.endedHere.size
  }

  close(): void {
    if (this.retry) clearInterval(this.retry)
    this.retry = null
    this.store.close()
  }

  /** The map is in the order sessions were last read: those past the grace, useless, go from its start. */
  private remember(key: string, value: string, at: number): void {
    this.seen.delete(key)
    for (const [oldest, entry] of this.seen) {
      if (this.seen.size < MAX_REMEMBERED && at - entry.at <= this.graceMs) break
      this.seen.delete(oldest)
    }
    this.seen.set(key, { value, at })
  }

  private scheduleRetry(): void {
    if (this.retry) return
    let sending = false
    this.retry = setInterval(() => {
      if (sending) return
      sending = true
      void (async () => {
        for (const key of [...this.endedHere]) {
          try {
            await this.store.delete(key)
            this.endedHere.delete(key)
          } catch {
            return
          }
        }
        if (this.endedHere.size === 0 && this.retry) {
          clearInterval(this.retry)
          this.retry = null
        }
      })().finally(() => {
        sending = false
      })
    }, RETRY_EVERY_MS)
    this.retry.unref()
  }
}
