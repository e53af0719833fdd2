// @vitest-environment jsdom
import { User, UserManager } from 'oidc-client-ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuthSession, STORED_USER_KEY } from './session'
import { userManagerSettings } from './user-manager'

const config = { issuer: 'http://localhost/sandbox/openidconnect/fr', clientId: 'ordering-console-sandbox', scope: 'openid offline_access b2b:ordering' }
const now = () => Math.floor(Date.now() / 1000)

/** A UserManager as the page creates it, over this tab's sessionStorage. */
function userManager() {
  return new UserManager(userManagerSettings(config, window.location.origin, window.sessionStorage))
}

/** Stores a person the way oidc-client-ts does after a sign-in. */
async function storeUser(manager: UserManager, options: { expiresIn: number; refresh?: boolean }) {
  await manager.storeUser(
    new User({
      access_token: 'h.access',
      refresh_token: options.refresh === false ? undefined : 'h.refresh',
      token_type: 'Bearer',
      scope: config.scope,
      profile: { iss: config.issuer, sub: 'alice', aud: config.clientId, exp: now() + 3600, iat: now() },
      expires_at: now() + options.expiresIn,
    }),
  )
}

function session(loadUserManager: () => Promise<UserManager> = () => Promise.reject(new Error('not needed'))) {
  const created = createAuthSession({ storage: window.sessionStorage, loadUserManager })
  sessions.push(created)
  return created
}
const sessions: ReturnType<typeof createAuthSession>[] = []
afterEach(() => {
  for (const created of sessions.splice(0)) created.dispose()
  window.sessionStorage.clear()
})

describe('the tab’s sign-in state, read without oidc-client-ts', () => {
  it('finds the person oidc-client-ts stored, where it stores them', async () => {
    await storeUser(userManager(), { expiresIn: 3600 })
    expect(window.sessionStorage.getItem(STORED_USER_KEY)).toContain('h.access')
    let loads = 0
    const state = session(() => {
      loads++
      return Promise.resolve(userManager())
    }).getSnapshot()
    expect(state).toEqual({ signedIn: true, renewable: false, signedOut: false })
    // Knowing who is signed in costs no library: it loads only when the sign-in has work to do.
    expect(loads).toBe(0)
  })

  it('is signed out with nothing stored, or something unreadable', () => {
    expect(session().getSnapshot()).toEqual({ signedIn: false, renewable: false, signedOut: false })
    window.sessionStorage.setItem(STORED_USER_KEY, '{not json')
    expect(session().getSnapshot().signedIn).toBe(false)
    window.sessionStorage.setItem(STORED_USER_KEY, JSON.stringify({ profile: {} }))
    expect(session().getSnapshot().signedIn).toBe(false)
  })

  it('asks for a renewal when the handle ran out and a refresh handle exists, and for a sign-in otherwise', async () => {
    const manager = userManager()
    await storeUser(manager, { expiresIn: -60 })
    expect(session().getSnapshot()).toEqual({ signedIn: false, renewable: true, signedOut: false })
    await storeUser(manager, { expiresIn: -60, refresh: false })
    expect(session().getSnapshot()).toEqual({ signedIn: false, renewable: false, signedOut: false })
  })

  it('follows what the loaded library does, and forgets the person on sign-out', async () => {
    const manager = userManager()
    const tab = session(() => Promise.resolve(manager))
    let changes = 0
    tab.subscribe(() => changes++)
    await tab.userManager()
    await storeUser(manager, { expiresIn: 3600 })
    // storeUser alone raises no event; a sign-in's callback does (userLoaded):
    await manager.events.load(new User({ access_token: 'h.access', token_type: 'Bearer', profile: { iss: '', sub: 'alice', aud: '', exp: 0, iat: 0 }, expires_at: now() + 3600 }))
    expect(tab.getSnapshot().signedIn).toBe(true)
    await tab.forget()
    expect(tab.getSnapshot()).toEqual({ signedIn: false, renewable: false, signedOut: true })
    expect(await manager.getUser()).toBeNull()
    expect(changes).toBeGreaterThanOrEqual(2)
  })

  it('forgets the person without loading the library when it is not loaded', async () => {
    await storeUser(userManager(), { expiresIn: 3600 })
    const tab = session()
    await tab.forget()
    expect(window.sessionStorage.getItem(STORED_USER_KEY)).toBeNull()
    expect(tab.getSnapshot().signedOut).toBe(true)
  })

  it('loads the library a minute before the handle runs out, so that oidc-client-ts renews it as it always did', async () => {
    await storeUser(userManager(), { expiresIn: 65 })
    vi.useFakeTimers()
    try {
      let loads = 0
      session(() => {
        loads++
        return Promise.resolve(userManager())
      })
      vi.advanceTimersByTime(3_000)
      expect(loads).toBe(0)
      vi.advanceTimersByTime(3_000)
      expect(loads).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
