import { createContext, useContext, useSyncExternalStore } from 'react'
import type { UserManager } from 'oidc-client-ts'
import { z } from 'zod/mini'
import { ZBrowserSession, type BrowserSession, type SessionInfo } from '@contract/gateway-auth'
import { ApiError } from '@/lib/api-error'
import { getBrowserSession, type BrowserSessionAnswer } from './api/get-browser-session'

/**
 * What this browser last heard from the gateway about its session (GET /auth/session), kept in localStorage so
 * that a new tab, a pasted link or a bookmark opens signed in at once, before the gateway answers again. It holds
 * no token: only whose the session is and until when (docs/decisions/0011-sign-in.md).
 */
export const SESSION_HINT_KEY = 'ordering-console.session'
/** The tabs of the browser tell each other of a sign-in and a sign-out on this channel. */
export const SESSION_CHANNEL = 'ordering-console.session'

const ZSessionMessage = z.object({ kind: z.enum(['signed-in', 'signed-out']) })
type SessionMessage = z.infer<typeof ZSessionMessage>

export interface SessionState {
  /** The gateway holds a session for this browser (or said so last, and has not said otherwise since). */
  signedIn: boolean
  /** Nothing known yet: the page is asking the gateway. */
  checking: boolean
  /** The person signed out, in this tab or another (and nobody signed in since). */
  signedOut: boolean
  /** Whether the Cloud entry is the person's (0018); undefined until the gateway could tell. */
  cloud: boolean | undefined
}

/** Checks the gateway again when a tab comes back to the front, at most this often. */
const RECHECK_AFTER_MS = 5_000
/** setTimeout's largest delay; a session that lives longer is checked on focus and at the next start. */
const MAX_TIMER_MS = 2 ** 31 - 1

export interface AuthSessionOptions {
  /** Where the hint lives: the browser's localStorage, which every tab of the origin shares. */
  storage: Storage
  loadUserManager: () => Promise<UserManager>
  /** GET /auth/session: the session (and how it was opened), or null when the gateway has none. */
  fetchSession?: () => Promise<BrowserSessionAnswer | null>
  /** The tabs' channel; none where BroadcastChannel does not exist (the storage event still carries sign-outs). */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'> | null
  /** The window whose focus, visibility and storage events the session follows. */
  target?: Window
}

async function askGateway(): Promise<BrowserSessionAnswer | null> {
  try {
    return await getBrowserSession()
  } catch (error) {
    // A gateway of the release before answers 401 for nobody: during a rolling deploy both answer (0011).
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/**
 * The browser's sign-in state. The gateway's session cookie (HttpOnly, shared by every tab) says who is signed
 * in: each page asks GET /auth/session when it starts, when it comes back to the front and when the session
 * should end; a sign-in or a sign-out in one tab reaches the others through a BroadcastChannel and the hint's
 * storage event. oidc-client-ts (about 20 KB gzip) is loaded only where it works: signing in, its callback,
 * signing in again when the session is lost, and signing out.
 */
export function createAuthSession(options: AuthSessionOptions) {
  const { storage } = options
  const target = options.target ?? window
  const fetchSession = options.fetchSession ?? askGateway
  const listeners = new Set<() => void>()
  const personListeners = new Set<() => void>()
  let known: BrowserSession | null = readHint()
  /** How the session was opened, as the gateway last said (kept in memory only, not in the hint). */
  let info: SessionInfo | null | undefined
  let checking = known === null
  let forgotten = false
  let snapshot: SessionState = { signedIn: false, checking: false, signedOut: false, cloud: undefined }
  let userManager: Promise<UserManager> | undefined
  let loaded: UserManager | undefined
  let inFlight: Promise<void> | undefined
  let lastCheck = 0
  let endTimer: ReturnType<typeof setTimeout> | undefined
  const channel = options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null

  function readHint(): BrowserSession | null {
    try {
      const parsed = ZBrowserSession.safeParse(JSON.parse(storage.getItem(SESSION_HINT_KEY) ?? 'null'))
      return parsed.success && parsed.data.expiresAt > Date.now() / 1000 ? parsed.data : null
    } catch {
      return null
    }
  }

  function writeHint(value: BrowserSession | null) {
    try {
      if (value) storage.setItem(SESSION_HINT_KEY, JSON.stringify(value))
      else storage.removeItem(SESSION_HINT_KEY)
    } catch {
      // Storage refused (private mode, quota): every page then asks the gateway first, which still works.
    }
  }

  function getSnapshot(): SessionState {
    const next: SessionState = {
      signedIn: known !== null,
      checking: known === null && checking,
      signedOut: forgotten && known === null,
      cloud: known?.cloud,
    }
    if (next.signedIn !== snapshot.signedIn || next.checking !== snapshot.checking || next.signedOut !== snapshot.signedOut || next.cloud !== snapshot.cloud)
      snapshot = next
    return snapshot
  }

  function notify() {
    for (const listener of listeners) listener()
  }

  /** Takes the gateway's word; another person than before (or none) means nothing fetched for them may stay. */
  function settle(answer: BrowserSessionAnswer | null) {
    const before = known?.sub
    // How the session was opened stays in memory; the rest is the session, and the hint.
    known = null
    info = null
    if (answer) {
      const { info: method, ...session } = answer
      known = session
      info = method ?? null
    }
    checking = false
    if (known) forgotten = false
    writeHint(known)
    scheduleEnd()
    if (before !== undefined && before !== known?.sub) for (const listener of personListeners) listener()
    notify()
  }

  /** Asks the gateway again when the session should end, so that a page left open does not look signed in. */
  function scheduleEnd() {
    clearTimeout(endTimer)
    if (!known) return
    const inMs = known.expiresAt * 1000 - Date.now()
    if (inMs < MAX_TIMER_MS) endTimer = setTimeout(() => void session.check(), Math.max(inMs, 0) + 1000)
  }

  function onMessage(message: SessionMessage) {
    if (message.kind === 'signed-out') {
      forgotten = true
      settle(null)
    } else {
      void session.check()
    }
  }

  const onChannelMessage = (event: MessageEvent) => {
    const parsed = ZSessionMessage.safeParse(event.data)
    if (parsed.success) onMessage(parsed.data)
  }
  // Where BroadcastChannel is missing: the hint removed by a sign-out in another tab.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_HINT_KEY || event.storageArea !== storage) return
    if (event.newValue === null && known) onMessage({ kind: 'signed-out' })
    else if (event.newValue !== null && !known) void session.check()
  }
  const onFront = () => {
    if (document.visibilityState === 'hidden') return
    if (Date.now() - lastCheck >= RECHECK_AFTER_MS) void session.check()
  }
  channel?.addEventListener('message', onChannelMessage)
  target.addEventListener('storage', onStorage)
  target.addEventListener('focus', onFront)
  target.document.addEventListener('visibilitychange', onFront)

  const session = {
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot,
    /** Called when the signed-in person changes or leaves (here or in another tab): the page's data is theirs. */
    onPersonChange(listener: () => void) {
      personListeners.add(listener)
      return () => {
        personListeners.delete(listener)
      }
    },
    /**
     * Asks the gateway whether this browser is signed in, and as whom. A network failure changes nothing already
     * known (an offline page stays as it is); with nothing known, it counts as signed out: the sign-in page shows.
     */
    check(): Promise<void> {
      inFlight ??= (async () => {
        lastCheck = Date.now()
        try {
          settle(await fetchSession())
        } catch {
          if (checking) {
            checking = false
            notify()
          }
        } finally {
          inFlight = undefined
        }
      })()
      return inFlight
    },
    /** The page's UserManager, loaded (with oidc-client-ts) on first need; its sign-ins reach this state. */
    userManager(): Promise<UserManager> {
      if (!userManager) {
        userManager = options.loadUserManager().then((manager) => {
          loaded = manager
          // A sign-in just ended in this tab (the callback): the gateway now holds the session; the other tabs learn it.
          manager.events.addUserLoaded(() => {
            checking = true
            notify()
            void session.check().then(() => {
              if (known) channel?.postMessage({ kind: 'signed-in' } satisfies SessionMessage)
            })
          })
          return manager
        })
        // A failed load (network) is not remembered: the next need tries again.
        userManager.catch(() => {
          userManager = undefined
        })
      }
      return userManager
    },
    /**
     * How the session was opened (password, or mobile with its operator and level; 0017), from the gateway's last
     * answer: the check under way or done, so that the page asks GET /auth/session once. Null for nobody, or for a
     * gateway that does not say.
     */
    async signInMethod(): Promise<SessionInfo | null> {
      if (inFlight) await inFlight
      if (info === undefined) await session.check()
      return info ?? null
    },
    /** The signed-in person's subject (the ID token's `sub`), as the gateway gave it. */
    subject(): string | undefined {
      return known?.sub
    },
    /** The signed-in person's name from the ID token, as the gateway gave it, when it had one. */
    personName(): string | undefined {
      return known?.name
    },
    /** The UserManager once `userManager()` has resolved: for pages whose route waited for it. */
    loadedUserManager(): UserManager {
      if (!loaded) throw new Error('The sign-in library is not loaded: the route must wait for session.userManager().')
      return loaded
    },
    /** Forgets the person in every tab of the browser (after the gateway forgot the session). */
    async forget(): Promise<void> {
      forgotten = true
      if (loaded) await loaded.removeUser()
      settle(null)
      channel?.postMessage({ kind: 'signed-out' } satisfies SessionMessage)
    },
    dispose() {
      clearTimeout(endTimer)
      listeners.clear()
      personListeners.clear()
      channel?.close()
      target.removeEventListener('storage', onStorage)
      target.removeEventListener('focus', onFront)
      target.document.removeEventListener('visibilitychange', onFront)
    },
  }
  // Ask at once: with a hint the page shows meanwhile, without one the protected pages wait for the answer.
  void session.check()
  return session
}

export type AuthSession = ReturnType<typeof createAuthSession>

export const AuthSessionContext = createContext<AuthSession | null>(null)

/** The browser's sign-in state and what can be done with it. */
export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext)
  if (!session) throw new Error('useAuthSession needs an AuthSessionContext provider (App).')
  return session
}

/** Re-renders when a person signs in, is found signed out or signs out, in this tab or another. */
export function useSessionState(): SessionState {
  const session = useAuthSession()
  // The gateway's first view (docs/decisions/0026-first-view.md) renders with a session of its own, the same way.
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
}
