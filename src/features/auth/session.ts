import { createContext, useContext, useSyncExternalStore } from 'react'
import type { UserManager } from 'oidc-client-ts'
import { z } from 'zod/mini'

/**
 * Where oidc-client-ts keeps the signed-in person in the tab's sessionStorage (user-manager.ts gives its user
 * store this one key), so that a page knows it without the library and without asking the gateway's
 * /auth/config first.
 */
export const STORED_USER_KEY = 'oidc.user:ordering-console'

/**
 * What pages need of the user oidc-client-ts stored after signing in (its `User.toStorageString()`): only the
 * access handle's expiry and whether a refresh handle exists. The browser holds no real token (0011).
 */
const ZStoredUser = z.looseObject({
  access_token: z.string(),
  refresh_token: z.optional(z.string()),
  expires_at: z.optional(z.number()),
  profile: z.optional(z.looseObject({ sub: z.string() })),
})

export interface SessionState {
  /** A person signed in in this tab, and their access handle has not run out. */
  signedIn: boolean
  /** Their handle ran out (a tab that slept) and a refresh handle can renew it without asking them. */
  renewable: boolean
  /** The person signed out in this page (and nobody signed in since). */
  signedOut: boolean
}

/** Oidc-client-ts's default: renew a minute before the access handle runs out. */
const RENEW_BEFORE_SECONDS = 60

/**
 * The sign-in state of the tab, read from oidc-client-ts's store without loading oidc-client-ts: ordinary pages
 * only need to know that a person signed in (GET /me says who; the gateway renews tokens itself). The library
 * (about 20 KB gzip) is loaded only where it works: signing in, the callback, signing in again when the session
 * is lost, renewing a handle that runs out, and signing out.
 */
export function createAuthSession(options: { storage: Storage; loadUserManager: () => Promise<UserManager> }) {
  const key = STORED_USER_KEY
  const listeners = new Set<() => void>()
  let user: z.infer<typeof ZStoredUser> | null = null
  let renewFailed = false
  let forgotten = false
  let snapshot: SessionState = { signedIn: false, renewable: false, signedOut: false }
  let userManager: Promise<UserManager> | undefined
  let loaded: UserManager | undefined
  let renewTimer: ReturnType<typeof setTimeout> | undefined

  function read() {
    let value: unknown
    try {
      value = JSON.parse(options.storage.getItem(key) ?? 'null')
    } catch {
      // Unreadable: nobody is signed in.
    }
    const parsed = ZStoredUser.safeParse(value)
    user = parsed.success ? parsed.data : null
    scheduleRenewal()
  }

  /** Oidc-client-ts renews handles itself once loaded; until then, this loads it when the handle nears its end. */
  function scheduleRenewal() {
    clearTimeout(renewTimer)
    if (loaded || !user?.refresh_token || user.expires_at === undefined) return
    const inMs = (user.expires_at - RENEW_BEFORE_SECONDS) * 1000 - Date.now()
    // An handle already run out is renewed by RequireSignIn, before the page shows.
    if (inMs + RENEW_BEFORE_SECONDS * 1000 <= 0) return
    renewTimer = setTimeout(() => void session.userManager().catch(() => undefined), Math.max(inMs, 0))
  }

  function getSnapshot(): SessionState {
    const expired = user?.expires_at !== undefined && user.expires_at <= Date.now() / 1000
    const next = {
      signedIn: user !== null && !expired,
      renewable: user !== null && expired && !!user.refresh_token && !renewFailed,
      signedOut: forgotten && user === null,
    }
    if (next.signedIn !== snapshot.signedIn || next.renewable !== snapshot.renewable || next.signedOut !== snapshot.signedOut) snapshot = next
    return snapshot
  }

  function changed() {
    read()
    for (const listener of listeners) listener()
  }

  const session = {
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot,
    /** The page's UserManager, loaded (with oidc-client-ts) on first need; its changes reach this state. */
    userManager(): Promise<UserManager> {
      if (!userManager) {
        userManager = options.loadUserManager().then((manager) => {
          loaded = manager
          clearTimeout(renewTimer)
          manager.events.addUserLoaded(changed)
          manager.events.addUserUnloaded(changed)
          return manager
        })
        // A failed load (network) is not remembered: the next need tries again.
        userManager.catch(() => {
          userManager = undefined
        })
      }
      return userManager
    },
    /** The signed-in person's subject (the ID token's `sub`), as oidc-client-ts stored it. */
    subject(): string | undefined {
      return user?.profile?.sub
    },
    /** The UserManager once `userManager()` has resolved: for pages whose route waited for it. */
    loadedUserManager(): UserManager {
      if (!loaded) throw new Error('The sign-in library is not loaded: the route must wait for session.userManager().')
      return loaded
    },
    /** Renews a handle that ran out, through the gateway (refresh_token grant); a refusal means signing in. */
    async renew(): Promise<void> {
      try {
        await (await session.userManager()).signinSilent()
      } catch {
        renewFailed = true
      }
      changed()
    },
    /** Forgets the person in this tab (after the gateway forgot the session). */
    async forget(): Promise<void> {
      forgotten = true
      if (loaded) await loaded.removeUser()
      else options.storage.removeItem(key)
      changed()
    },
    dispose() {
      clearTimeout(renewTimer)
      listeners.clear()
    },
  }
  read()
  return session
}

export type AuthSession = ReturnType<typeof createAuthSession>

export const AuthSessionContext = createContext<AuthSession | null>(null)

/** The tab's sign-in state and what can be done with it. */
export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext)
  if (!session) throw new Error('useAuthSession needs an AuthSessionContext provider (App).')
  return session
}

/** Re-renders when a person signs in, is renewed or is forgotten. */
export function useSessionState(): SessionState {
  const session = useAuthSession()
  return useSyncExternalStore(session.subscribe, session.getSnapshot)
}
