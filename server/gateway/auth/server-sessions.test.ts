import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { jsonResponse, ManualClock, OPERATOR_ENV, sessionCookieHeader, stubOperator } from '../../../test/test-app'
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from './same-origin'
import { cookieKeys, SESSION_COOKIE, SessionCookies, sessionFromTokens } from './session'
import { sqliteSessionStore, StoreUnavailable, type SessionStore } from './session-store'

/**
 * Sessions on the server (docs/decisions/0031-server-side-sessions.md), in-process against a stubbed operator: the
 * SQLite store across a restart, cookies of the release before, and the grace while the store cannot be reached.
 * The same with Redis and two gateway processes: server/cluster/sessions.test.ts.
 */

const folder = mkdtempSync(join(tmpdir(), 'oc-sessions-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
afterEach(() => vi.unstubAllGlobals())

const ME = '/api/ordering/v3/me'
const GRACE_MS = 5_000

/** An operator whose API answers 200 to any bearer token and 401 code 40 without one. */
function operatorAnswering() {
  return stubOperator({
    api: (request) =>
      request.headers.get('Authorization')
        ? jsonResponse(200, { kind: 'user', id: 'U1', name: 'Alice', clientId: 'client-1', scopes: [], contracts: [], customer: { id: 'C1', name: 'Acme' } })
        : jsonResponse(401, { code: ERROR_CODE.missingCredentials, message: 'Missing credentials' }),
  })
}

const signOut = (app: ReturnType<typeof buildApp>['app'], cookie: string) =>
  app.request('/auth/logout', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin', [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE },
  })

/** A store in memory that can be made unreachable, as Redis stopped or frozen is to the gateway. */
function switchableStore(): SessionStore & { down: boolean } {
  const inner = sqliteSessionStore(':memory:')
  const store = {
    down: false,
    check() {
      if (store.down) throw new StoreUnavailable('down')
    },
    async create(key: string, value: string, ttlMs: number) {
      store.check()
      return inner.create(key, value, ttlMs)
    },
    async replace(key: string, value: string, ttlMs: number) {
      store.check()
      return inner.replace(key, value, ttlMs)
    },
    async read(key: string) {
      store.check()
      return inner.read(key)
    },
    async delete(key: string) {
      store.check()
      return inner.delete(key)
    },
    close: () => inner.close(),
  }
  return store
}

describe('one instance, sessions in SQLite (SESSION_DB_PATH)', () => {
  it('a signed-out cookie stays refused after a restart, and a signed-in one stays signed in', async () => {
    operatorAnswering()
    const config = loadConfig({ ...OPERATOR_ENV, SESSION_DB_PATH: join(folder, 'sessions.db') })
    const first = buildApp(config)
    const kept = await sessionCookieHeader(config, Date.now, { accessToken: 'kept' }, first.sessions)
    const ended = await sessionCookieHeader(config, Date.now, { accessToken: 'ended' }, first.sessions)
    expect((await first.app.request(ME, { headers: { Cookie: ended } })).status).toBe(200)
    const out = await signOut(first.app, ended)
    expect(out.status).toBe(204)
    expect(out.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
    first.close()

    const second = buildApp(config)
    try {
      expect((await second.app.request(ME, { headers: { Cookie: ended } })).status).toBe(401)
      expect(await (await second.app.request('/auth/session', { headers: { Cookie: ended } })).json()).toEqual({ signedIn: false })
      expect((await second.app.request(ME, { headers: { Cookie: kept } })).status).toBe(200)
    } finally {
      second.close()
    }
  })

  it('refuses a cookie of the release before (the tokens in the cookie): that person signs in once more', async () => {
    operatorAnswering()
    const config = loadConfig(OPERATOR_ENV)
    const built = buildApp(config)
    const cookies = new SessionCookies(config.sessionSecrets, Date.now)
    const session = sessionFromTokens({ token_type: 'Bearer', access_token: 'old', expires_in: 3600 }, Math.floor(Date.now() / 1000), {
      sub: 'p',
      scope: '',
    })
    const oldFormat = await cookies.seal(session, Math.floor(Date.now() / 1000) + 3600, cookieKeys(config.sessionSecrets, SESSION_COOKIE))
    expect((await built.app.request(ME, { headers: { Cookie: `${SESSION_COOKIE}=${oldFormat}` } })).status).toBe(401)
    built.close()
  })
})

describe('the session store unreachable (docs/decisions/0031-server-side-sessions.md, "Outage")', () => {
  const setup = () => {
    operatorAnswering()
    const clock = new ManualClock(Date.now())
    const store = switchableStore()
    const config = loadConfig({ ...OPERATOR_ENV, SESSION_STORE_GRACE_MS: String(GRACE_MS) })
    const built = buildApp(config, { realNow: clock.now, sessionStore: store })
    const cookieOf = () => sessionCookieHeader(config, clock.now, { accessToken: 'token' }, built.sessions)
    return { clock, store, built, cookieOf }
  }

  it('accepts a session seen valid within the grace, then answers 503 code 5 with a request id, and never signs anyone in', async () => {
    const { clock, store, built, cookieOf } = setup()
    const seen = await cookieOf()
    const unseen = await cookieOf()
    expect((await built.app.request(ME, { headers: { Cookie: seen } })).status).toBe(200)
    clock.advance(GRACE_MS + 1)
    // Read valid later than the other: its grace ends later.
    expect((await built.app.request(ME, { headers: { Cookie: unseen } })).status).toBe(200)
    clock.advance(GRACE_MS - 1000)
    store.down = true
    expect((await built.app.request(ME, { headers: { Cookie: unseen } })).status).toBe(200)
    const stale = await built.app.request(ME, { headers: { Cookie: seen } })
    expect(stale.status).toBe(503)
    expect(stale.headers.get('X-OAPI-Request-Id')).toBeTruthy()
    const body = ZApiErrorBody.parse(await stale.json())
    expect(body.code).toBe(ERROR_CODE.unavailable)
    expect(body.message).toBe('The sign-in service is unavailable')
    clock.advance(1001)
    expect((await built.app.request(ME, { headers: { Cookie: unseen } })).status).toBe(503)
    // Nobody is signed in meanwhile.
    await expect(cookieOf()).rejects.toThrow()
    store.down = false
    expect((await built.app.request(ME, { headers: { Cookie: seen } })).status).toBe(200)
    built.close()
  })

  it('a sign-out during the outage clears the cookie at once, is refused here within the grace, and reaches the store when it is back', async () => {
    const { store, built, cookieOf } = setup()
    const cookie = await cookieOf()
    expect((await built.app.request(ME, { headers: { Cookie: cookie } })).status).toBe(200)
    store.down = true
    expect((await built.app.request(ME, { headers: { Cookie: cookie } })).status).toBe(200)
    const out = await signOut(built.app, cookie)
    expect(out.status).toBe(204)
    expect(out.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
    expect((await built.app.request(ME, { headers: { Cookie: cookie } })).status).toBe(401)
    expect(built.sessions.pendingSignOuts()).toBe(1)
    store.down = false
    await vi.waitFor(() => expect(built.sessions.pendingSignOuts()).toBe(0), { timeout: 3_000 })
    // The store has no such session any more: another instance (the same store, a new process) refuses it too.
    const other = buildApp(loadConfig(OPERATOR_ENV), { sessionStore: store })
    expect((await other.app.request(ME, { headers: { Cookie: cookie } })).status).toBe(401)
    built.close()
  })
})
