import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TokenResponse } from '@contract/oauth'
import { startRedis, type RedisProcess } from '../cluster/redis-server'
import type { TokenClient, TokenOutcome } from './auth/operator'
import { sessionRefresher } from './auth/refresh'
import { SessionCookies, sessionFromTokens } from './auth/session'
import { ServerSessions, sqliteSessionStore } from './auth/session-store'
import { fallbackStore, gatewayStore, type GatewayStore } from './redis-store'
import { memoryStore } from './shared-store'

/** The store and the refresh lock against a real redis-server (Debian's), started on a free port. */
let redis: RedisProcess
const opened: GatewayStore[] = []
const open = (url = redis.url, log = { warn: (_: string) => {}, info: (_: string) => {} }) => {
  const made = gatewayStore(url, { log })
  opened.push(made)
  return made
}
const until = async (condition: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()))
  await redis?.stop()
})

describe('redisStore', () => {
  it('sets once, reads, expires, and deletes only with the owner’s value, shared by two clients', async () => {
    const a = open()
    const b = open()
    await until(() => a.redis!.isReady && b.redis!.isReady)
    expect(await a.store.setIfAbsent('t:lock', 'owner-a', 300)).toBe(true)
    expect(await b.store.setIfAbsent('t:lock', 'owner-b', 300)).toBe(false)
    expect(await b.store.get('t:lock')).toBe('owner-a')
    await b.store.delete('t:lock', 'owner-b')
    expect(await a.store.get('t:lock')).toBe('owner-a')
    await b.store.delete('t:lock', 'owner-a')
    expect(await a.store.get('t:lock')).toBeNull()
    await a.store.set('t:short', 'v', 50)
    expect(await b.store.get('t:short')).toBe('v')
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(await b.store.get('t:short')).toBeNull()
    await a.store.set('t:gone', 'v', 10_000)
    await b.store.delete('t:gone')
    expect(await a.store.get('t:gone')).toBeNull()
  })

  it('keeps answering from memory with one warning while Redis is away, and goes back to it when it returns', async () => {
    const own = await startRedis()
    const warnings: string[] = []
    const infos: string[] = []
    const made = open(own.url, { warn: (m) => warnings.push(m), info: (m) => infos.push(m) })
    try {
      await until(() => made.redis!.isReady)
      await made.store.set('t:k', 'in-redis', 60_000)
      await own.stop()
      // Served from memory: a lock still works within this instance.
      expect(await made.store.setIfAbsent('t:lock', 'x', 5_000)).toBe(true)
      expect(await made.store.setIfAbsent('t:lock', 'y', 5_000)).toBe(false)
      expect(await made.store.get('t:k')).toBeNull()
      expect(warnings.filter((m) => m.includes('Redis is unavailable'))).toHaveLength(1)
      const back = await startRedis(own.port)
      try {
        await until(() => made.redis!.isReady)
        await made.store.set('t:k', 'again', 60_000)
        expect(await made.store.get('t:k')).toBe('again')
        expect(infos.some((m) => m.includes('Redis is back'))).toBe(true)
      } finally {
        await back.stop()
      }
    } finally {
      await own.stop()
    }
  }, 30_000)

  it('falls back when a command fails, not only when disconnected', async () => {
    const failing = {
      setIfAbsent: () => Promise.reject(new Error('boom')),
      set: () => Promise.reject(new Error('boom')),
      get: () => Promise.reject(new Error('boom')),
      delete: () => Promise.reject(new Error('boom')),
    }
    const warnings: string[] = []
    const store = fallbackStore(failing, () => true, memoryStore(), { warn: (m) => warnings.push(m), info: () => {} })
    await store.set('k', 'v', 1_000)
    expect(await store.get('k')).toBe('v')
    expect(store.degraded()).toBe(true)
    expect(warnings).toHaveLength(1)
  })
})

describe('refresh across instances', () => {
  const tokens = (n: number): TokenResponse => ({ token_type: 'Bearer', access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 3600 })
  /** An operator that rotates refresh tokens: each one works once, the way the sandbox's does. */
  const rotatingOperator = () => {
    let issued = 1
    const spent = new Set<string>()
    const calls: string[] = []
    const client: TokenClient = {
      async requestTokens(form): Promise<TokenOutcome> {
        calls.push(form.refresh_token!)
        await new Promise((resolve) => setTimeout(resolve, 100))
        if (spent.has(form.refresh_token!)) return { kind: 'refused', error: 'invalid_grant', description: 'used already' }
        spent.add(form.refresh_token!)
        issued += 1
        return { kind: 'tokens', tokens: tokens(issued) }
      },
      verifyIdToken: async () => ({ ok: true, claims: { sub: 'p' } }),
    }
    return { client, calls }
  }

  it('two instances refreshing one session at once: one operator refresh, both get the same tokens, stored sealed', async () => {
    const a = open()
    const b = open()
    await until(() => a.redis!.isReady && b.redis!.isReady)
    const operator = rotatingOperator()
    const secrets = ['s'.repeat(40)]
    const onA = sessionRefresher(operator.client, Date.now, { store: a.store, secrets })
    const onB = sessionRefresher(operator.client, Date.now, { store: b.store, secrets })
    const session = sessionFromTokens({ ...tokens(1), refresh_token: `refresh-${Date.now()}` }, Math.floor(Date.now() / 1000), { sub: 'p', scope: '' })
    const outcomes = await Promise.all([...Array(10)].map((_, i) => (i % 2 ? onA : onB)(session)))
    expect(operator.calls).toHaveLength(1)
    expect(new Set(outcomes.map((o) => (o.kind === 'renewed' ? o.session.accessToken : o.kind)))).toEqual(new Set(['access-2']))
    // The result holds tokens: Redis keeps it encrypted, never the tokens in clear.
    const keys = await a.redis!.keys('oc:refresh:result:*')
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(await a.redis!.get(key)).not.toMatch(/access-2|refresh-3/)
    // A late request with the old cookie, on the other instance, within 30 s: the same tokens, no second refresh.
    const late = await onA(session)
    expect(late.kind === 'renewed' && late.session.accessToken).toBe('access-2')
    expect(operator.calls).toHaveLength(1)
  })
})

describe('SESSION_SECRETS rotation', () => {
  it('seals with the first secret and opens with any, so a rotated secret signs no one out', async () => {
    const old = 'o'.repeat(40)
    const next = 'n'.repeat(40)
    const session = sessionFromTokens({ token_type: 'Bearer', access_token: 'a', expires_in: 3600 }, Math.floor(Date.now() / 1000), { sub: 'p', scope: '' })
    // Every instance reads the same session store; only the cookies' secrets differ.
    const sessions = new ServerSessions(sqliteSessionStore(':memory:'))
    const cookiesOf = (secrets: string | string[]) => new SessionCookies(secrets, Date.now, sessions)
    const sealedWithOld = await cookiesOf(old).sealSession(session)
    const rotated = cookiesOf([next, old])
    expect((await rotated.openSession(sealedWithOld))?.accessToken).toBe('a')
    const sealedWithNew = await rotated.sealSession(session)
    expect(await cookiesOf(old).openSession(sealedWithNew)).toBeNull()
    expect((await cookiesOf(next).openSession(sealedWithNew))?.accessToken).toBe('a')
    // Once the old secret is dropped, its cookies read as none.
    expect(await cookiesOf([next]).openSession(sealedWithOld)).toBeNull()
  })
})
