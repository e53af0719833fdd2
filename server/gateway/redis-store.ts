import { createClient } from 'redis'
import { memoryStore, type SharedStore } from './shared-store'

/** Deletes KEYS[1] only while it holds ARGV[1]: a lock's owner releasing it, never a later owner's lock. */
const COMPARE_AND_DELETE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end"
/** Every key of this product in a shared Redis starts with this. */
export const KEY_PREFIX = 'oc:'
/**
 * A command Redis has not answered by then counts as Redis being away: the request goes on without it
 * (docs/decisions/0031-server-side-sessions.md, "Bounded calls"). A frozen Redis keeps its connection open and answers
 * nothing, so without this bound a request would wait for the whole freeze.
 */
export const COMMAND_TIMEOUT_MS = 500
/** While Redis is taken as away after a timeout, it is asked a PING this often; the first answer makes it usable again. */
const PROBE_EVERY_MS = 200

/** A node-redis client that fails commands at once while disconnected and reconnects by itself (up to every 0.5 s, so that a sign-out queued during an outage reaches it soon after it is back, 0031). */
function connectRedis(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 500) },
  })
}

export type RedisClient = ReturnType<typeof connectRedis>

/** SharedStore on node-redis: SET NX PX, SET PX, GET, DEL, and compare-and-delete as a script. */
export function redisStore(client: RedisClient): SharedStore {
  return {
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(KEY_PREFIX + key, value, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } })) === 'OK'
    },
    async set(key, value, ttlMs) {
      await client.set(KEY_PREFIX + key, value, { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } })
    },
    async get(key) {
      const value = await client.get(KEY_PREFIX + key)
      return typeof value === 'string' ? value : null
    },
    async delete(key, ifValue) {
      if (ifValue === undefined) await client.del(KEY_PREFIX + key)
      else await client.eval(COMPARE_AND_DELETE, { keys: [KEY_PREFIX + key], arguments: [ifValue] })
    },
  }
}

export interface StoreLog {
  warn(message: string): void
  info(message: string): void
}

/** `promise`, or a rejection once `ms` have passed: the caller never waits longer for Redis. */
export function withTimeout<T>(promise: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms)
  })
  // A command given up on may still be answered later; its result is dropped, never reported as unhandled.
  promise.catch(() => {})
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Whether this instance asks Redis at all (docs/decisions/0031-server-side-sessions.md): not while disconnected, and
 * not after a command timed out until a PING is answered again (a frozen Redis, SIGSTOP or a stalled network, keeps
 * its connection open). So a freeze costs one bounded wait per instance, not one per call, and Redis is used again
 * within PROBE_EVERY_MS of answering.
 */
export interface RedisHealth {
  usable(): boolean
  /** A command did not answer in time: stop asking until a PING does. */
  timedOut(): void
  /**
   * `command`, given up after COMMAND_TIMEOUT_MS; the first to be given up gives up every other one in flight at once
   * (they wait on the same frozen Redis), so no call waits longer than one timeout from its start.
   */
  bounded<T>(command: Promise<T>): Promise<T>
}

const TIMEOUT_MESSAGE = `Redis did not answer within ${COMMAND_TIMEOUT_MS} ms`

export function redisHealth(client: RedisClient | null): RedisHealth {
  let frozen = false
  let probe: NodeJS.Timeout | null = null
  let probing = false
  const inFlight = new Set<() => void>()
  const stopProbe = () => {
    if (probe) clearInterval(probe)
    probe = null
  }
  const health: RedisHealth = {
    usable: () => client !== null && client.isReady && !frozen,
    timedOut() {
      if (!client || frozen) return
      frozen = true
      for (const giveUp of inFlight) giveUp()
      inFlight.clear()
      probe = setInterval(() => {
        if (probing) return
        if (!client.isOpen) {
          frozen = false
          stopProbe()
          return
        }
        probing = true
        withTimeout(client.ping())
          .then(() => {
            frozen = false
            stopProbe()
          })
          .catch(() => {})
          .finally(() => {
            probing = false
          })
      }, PROBE_EVERY_MS)
      probe.unref()
    },
    bounded<T>(command: Promise<T>): Promise<T> {
      command.catch(() => {})
      return new Promise<T>((resolve, reject) => {
        const giveUp = () => reject(new Error(TIMEOUT_MESSAGE))
        inFlight.add(giveUp)
        const timer = setTimeout(() => {
          giveUp()
          health.timedOut()
        }, COMMAND_TIMEOUT_MS)
        command.then(resolve, reject).finally(() => {
          clearTimeout(timer)
          inFlight.delete(giveUp)
        })
      })
    },
  }
  return health
}

/**
 * Redis while it answers, this instance's memory while it does not (docs/decisions/0021-many-instances.md): a
 * gateway keeps serving when Redis stops, with per-instance behaviour and one logged warning, and goes back to
 * Redis once the client has reconnected. What was kept in memory meanwhile is not copied over: every entry is short-lived.
 */
export function fallbackStore(
  primary: SharedStore,
  ready: () => boolean,
  fallback: SharedStore,
  log: StoreLog,
  bound: <T>(command: Promise<T>) => Promise<T> = withTimeout,
): SharedStore & { degraded(): boolean } {
  let degraded = false
  const away = (reason: string) => {
    if (!degraded) log.warn(`Shared store: Redis is unavailable (${reason}); this instance keeps its state in memory until it returns.`)
    degraded = true
  }
  const run = async <T>(operation: (store: SharedStore) => Promise<T>): Promise<T> => {
    if (!ready()) {
      away('not connected')
      return operation(fallback)
    }
    try {
      const result = await bound(operation(primary))
      if (degraded) {
        degraded = false
        log.info('Shared store: Redis is back; state is shared between instances again.')
      }
      return result
    } catch (error) {
      away((error as Error).message)
      return operation(fallback)
    }
  }
  return {
    setIfAbsent: (key, value, ttlMs) => run((store) => store.setIfAbsent(key, value, ttlMs)),
    set: (key, value, ttlMs) => run((store) => store.set(key, value, ttlMs)),
    get: (key) => run((store) => store.get(key)),
    delete: (key, ifValue) => run((store) => store.delete(key, ifValue)),
    degraded: () => degraded,
  }
}

export interface GatewayStore {
  store: SharedStore
  /** The connected client, for rate-limiter-flexible's RateLimiterRedis and the session store; null in memory. */
  redis: RedisClient | null
  /** Whether Redis is asked at all right now (connected and not frozen); shared by every user of `redis`. */
  health: RedisHealth
  close(): Promise<void>
}

const consoleLog: StoreLog = {
  warn: (message) => console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), message })),
  info: (message) => console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), message })),
}

/**
 * The one store of a gateway: Redis at `url` (with memory while it is away), or memory alone. node-redis
 * reconnects by itself; commands are never queued while disconnected, so a stopped Redis costs a request nothing.
 */
export function gatewayStore(url: string | undefined, options: { log?: StoreLog; now?: () => number } = {}): GatewayStore {
  const memory = memoryStore(options.now)
  if (!url) return { store: memory, redis: null, health: redisHealth(null), close: async () => {} }
  const log = options.log ?? consoleLog
  const client = connectRedis(url)
  let lastError = 0
  client.on('error', (error: Error) => {
    // node-redis emits every failed reconnection; one line every 10 s is enough to see it in the logs.
    if (Date.now() - lastError > 10_000) log.warn(`Shared store: Redis client error: ${error.message}`)
    lastError = Date.now()
  })
  client.connect().catch((error: Error) => log.warn(`Shared store: Redis connection failed: ${error.message}`))
  const health = redisHealth(client)
  return {
    store: fallbackStore(redisStore(client), health.usable, memory, log, health.bounded),
    redis: client,
    health,
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy())
      else client.destroy()
    },
  }
}
