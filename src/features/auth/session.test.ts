// @vitest-environment jsdom
import { User, UserManager } from 'oidc-client-ts'
import { afterEach, describe, expect, it } from 'vitest'
import type { BrowserSession, SessionInfo } from '@contract/gateway-auth'
import type { BrowserSessionAnswer } from './api/get-browser-session'
import { createAuthSession, SESSION_HINT_KEY, type AuthSessionOptions } from './session'
import { userManagerSettings } from './user-manager'

const config = { issuer: 'http://localhost/sandbox/openidconnect/fr', clientId: 'ordering-console-sandbox', scope: 'openid offline_access b2b:ordering' }
const inAYear = () => Math.floor(Date.now() / 1000) + 365 * 24 * 3600
const alice: BrowserSession = { sub: 'alice', expiresAt: inAYear(), cloud: true }

/** A gateway whose answers the test sets, counting the questions. */
function gateway(answer: BrowserSessionAnswer | null | Error) {
  const fake = {
    answer,
    calls: 0,
    fetchSession: () => {
      fake.calls++
      return fake.answer instanceof Error ? Promise.reject(fake.answer) : Promise.resolve(fake.answer)
    },
  }
  return fake
}

/** The tabs of one browser: one channel each, every message reaching the others, as BroadcastChannel does. */
function browserChannels() {
  const tabs: EventTarget[] = []
  return () => {
    const own = new EventTarget()
    tabs.push(own)
    return {
      postMessage: (data: unknown) => {
        for (const tab of tabs) if (tab !== own) tab.dispatchEvent(new MessageEvent('message', { data }))
      },
      close: () => undefined,
      addEventListener: own.addEventListener.bind(own) as BroadcastChannel['addEventListener'],
    }
  }
}

const sessions: ReturnType<typeof createAuthSession>[] = []
function session(options: Partial<AuthSessionOptions> & Pick<AuthSessionOptions, 'fetchSession'>) {
  const created = createAuthSession({
    storage: window.localStorage,
    loadUserManager: () => Promise.reject(new Error('not needed')),
    channel: null,
    ...options,
  })
  sessions.push(created)
  return created
}
afterEach(() => {
  for (const created of sessions.splice(0)) created.dispose()
  window.localStorage.clear()
})

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the browser’s sign-in state, the gateway’s word (docs/decisions/0011-sign-in.md)', () => {
  it('asks the gateway when the browser knows nothing yet, then remembers its answer for the next tabs', async () => {
    const server = gateway(alice)
    let loads = 0
    const tab = session({
      fetchSession: server.fetchSession,
      loadUserManager: () => {
        loads++
        return Promise.reject(new Error('not needed'))
      },
    })
    expect(tab.getSnapshot()).toEqual({ signedIn: false, checking: true, signedOut: false, cloud: undefined })
    await settled()
    expect(tab.getSnapshot()).toEqual({ signedIn: true, checking: false, signedOut: false, cloud: true })
    expect(tab.subject()).toBe('alice')
    expect(JSON.parse(window.localStorage.getItem(SESSION_HINT_KEY) ?? 'null')).toEqual(alice)
    // Knowing who is signed in costs no sign-in library.
    expect(loads).toBe(0)

    // A new tab (a pasted link, a bookmark) shows at once, signed in, and still asks.
    const second = session({ fetchSession: server.fetchSession })
    expect(second.getSnapshot()).toEqual({ signedIn: true, checking: false, signedOut: false, cloud: true })
    expect(server.calls).toBe(2)
  })

  it('is signed out when the gateway has no session, whatever the browser remembered, and says the person left', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify(alice))
    const tab = session({ fetchSession: gateway(null).fetchSession })
    let personChanges = 0
    tab.onPersonChange(() => personChanges++)
    expect(tab.getSnapshot().signedIn).toBe(true)
    await settled()
    expect(tab.getSnapshot()).toEqual({ signedIn: false, checking: false, signedOut: false, cloud: undefined })
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull()
    expect(personChanges).toBe(1)
  })

  it('tells how the session was opened from the answer of its own check: one GET /auth/session, and nothing of it in the hint', async () => {
    const mobile: SessionInfo = { method: 'mobile', operator: 'Orange', country: 'FR', acr: '2', amr: ['OTP'] }
    const fake = gateway({ ...alice, info: mobile })
    const tab = session({ fetchSession: fake.fetchSession })
    expect(await tab.signInMethod()).toEqual(mobile)
    expect(await tab.signInMethod()).toEqual(mobile)
    expect(fake.calls).toBe(1)
    expect(JSON.parse(window.localStorage.getItem(SESSION_HINT_KEY)!)).toEqual(alice)

    // A gateway of an older release says nothing of it; nobody signed in has none.
    const older = session({ fetchSession: gateway(alice).fetchSession })
    expect(await older.signInMethod()).toBeNull()
    const nobody = session({ fetchSession: gateway(null).fetchSession })
    expect(await nobody.signInMethod()).toBeNull()
  })

  it('ignores a remembered session that has ended, or an unreadable one', () => {
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ ...alice, expiresAt: Math.floor(Date.now() / 1000) - 1 }))
    expect(session({ fetchSession: gateway(null).fetchSession }).getSnapshot().checking).toBe(true)
    window.localStorage.setItem(SESSION_HINT_KEY, '{not json')
    expect(session({ fetchSession: gateway(null).fetchSession }).getSnapshot().checking).toBe(true)
  })

  it('keeps what it knows when the gateway cannot be reached, and shows the sign-in page when it knows nothing', async () => {
    const offline = gateway(new TypeError('Failed to fetch'))
    const unknown = session({ fetchSession: offline.fetchSession })
    await settled()
    expect(unknown.getSnapshot()).toEqual({ signedIn: false, checking: false, signedOut: false, cloud: undefined })
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify(alice))
    const known = session({ fetchSession: offline.fetchSession })
    await settled()
    expect(known.getSnapshot().signedIn).toBe(true)
  })

  it('signs every tab of the browser out when one signs out', async () => {
    const channel = browserChannels()
    const server = gateway(alice)
    const first = session({ fetchSession: server.fetchSession, channel: channel() })
    const second = session({ fetchSession: server.fetchSession, channel: channel() })
    await settled()
    expect(second.getSnapshot().signedIn).toBe(true)
    server.answer = null
    await first.forget()
    expect(first.getSnapshot()).toMatchObject({ signedIn: false, signedOut: true })
    expect(second.getSnapshot()).toMatchObject({ signedIn: false, signedOut: true })
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull()
  })

  it('hears of a sign-out from the storage event where there is no BroadcastChannel', async () => {
    const tab = session({ fetchSession: gateway(alice).fetchSession })
    await settled()
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_HINT_KEY, oldValue: JSON.stringify(alice), newValue: null, storageArea: window.localStorage }),
    )
    expect(tab.getSnapshot()).toMatchObject({ signedIn: false, signedOut: true })
  })

  it('asks the gateway again when the tab comes back to the front, and hears who signed in in another tab', async () => {
    const channel = browserChannels()
    const server = gateway(null)
    const signedOutTab = session({ fetchSession: server.fetchSession, channel: channel() })
    await settled()
    expect(signedOutTab.getSnapshot().signedIn).toBe(false)

    // A sign-in ends in another tab: its callback stores the person (oidc-client-ts's userLoaded).
    const manager = new UserManager(userManagerSettings(config, window.location.origin, window.sessionStorage))
    const signingIn = session({ fetchSession: server.fetchSession, channel: channel(), loadUserManager: () => Promise.resolve(manager) })
    await signingIn.userManager()
    await settled()
    server.answer = alice
    await manager.events.load(new User({ access_token: 'h.access', token_type: 'Bearer', profile: { iss: '', sub: 'alice', aud: '', exp: 0, iat: 0 } }))
    await settled()
    await settled()
    expect(signingIn.getSnapshot().signedIn).toBe(true)
    expect(signedOutTab.getSnapshot().signedIn).toBe(true)

    // Back to the front: a question, unless one was just asked.
    const calls = server.calls
    window.dispatchEvent(new Event('focus'))
    expect(server.calls).toBe(calls)
  })
})
