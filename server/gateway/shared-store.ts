/**
 * What the gateway keeps that every instance must agree on: the send guard
 * (docs/decisions/0020-hostile-input-and-faults.md), the refresh lock, caches and the throttle budget
 * (docs/decisions/0021-many-instances.md). One instance keeps it in memory; several share Redis (`REDIS_URL`).
 * Values are strings; every key has a time to live, so nothing here grows without bound.
 */
export interface SharedStore {
  /** Sets `key` to `value` for `ttlMs` only when it is absent; true when it was set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>
  /** Sets `key` to `value` for `ttlMs`, replacing any value. */
  set(key: string, value: string, ttlMs: number): Promise<void>
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>
  /** Removes `key`; with `ifValue`, only while it still holds that value (a lock's owner releasing it). */
  delete(key: string, ifValue?: string): Promise<void>
}

/** The most keys one in-memory store holds; past it, the entries closest to expiry go first. */
const MEMORY_MAX_KEYS = 100_000

/** The store of a single instance: a map with expiry times, swept as it grows. */
export function memoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return null
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return null
    }
    return entry
  }
  const put = (key: string, value: string, ttlMs: number) => {
    if (entries.size >= MEMORY_MAX_KEYS && !entries.has(key)) {
      const at = now()
      for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k)
      if (entries.size >= MEMORY_MAX_KEYS) {
        const soonest = [...entries].sort((a, b) => a[1].expiresAt - b[1].expiresAt).slice(0, Math.ceil(MEMORY_MAX_KEYS / 10))
        for (const [k] of soonest) entries.delete(k)
      }
    }
    entries.set(key, { value, expiresAt: now() + ttlMs })
  }
  return {
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false
      put(key, value, ttlMs)
      return true
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs)
    },
    async get(key) {
      return live(key)?.value ?? null
    },
    async delete(key, ifValue) {
      const entry = live(key)
      if (entry && (ifValue === undefined || entry.value === ifValue)) entries.delete(key)
    },
  }
}
