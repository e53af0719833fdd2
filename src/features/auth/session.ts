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

/** The session's state, shared by its parts: the hint, the gateway's checks, the other tabs, the sign-in library. */
interface SessionCore {
  storage: Storage
  listeners: Set<() => void>
  personListeners: Set<() => void>
  known: BrowserSession | null
  /** How the session was opened, as the gateway last said (kept in memory only, not in the hint). */
  info: SessionInfo | null | undefined
  checking: boolean
  forgotten: boolean
  snapshot: SessionState
  inFlight: Promise<void> | undefined
  lastCheck: number
  endTimer: ReturnType<typeof setTimeout> | undefined
  /** Asks the gateway again (the session's `check`). */
  check: () => Promise<void>
}

function readHint(storage: Storage): BrowserSession | null {
  try {
    const parsed = ZBrowserSession.safeParse(JSON.parse(storage.getItem(SESSION_HINT_KEY) ?? 'null'))
    return parsed.success && parsed.data.expiresAt > Date.now() / 1000 ? parsed.data : null
  } catch {
    return null
  }
}

function writeHint(storage: Storage, value: BrowserSession | null) {
  try {
    if (value) storage.setItem(SESSION_HINT_KEY, JSON.stringify(value))
    else storage.removeItem(SESSION_HINT_KEY)
  } catch {
    // Storage refused (private mode, quota): every page then asks the gateway first, which still works.
  }
}

/** The state as the page reads it: the same object while nothing it holds changed. */
function snapshotOf(core: SessionCore): SessionState {
  const { known, snapshot } = core
  const next: SessionState = {
    signedIn: known !== null,
    checking: known === null && core.checking,
    signedOut: core.forgotten && known === null,
    cloud: known?.cloud,
  }
  if (next.signedIn !== snapshot.signedIn || next.checking !== snapshot.checking || next.signedOut !== snapshot.signedOut || next.cloud !== snapshot.cloud)
    core.snapshot = next
  return core.snapshot
}

function notify(core: SessionCore) {
  for (const listener of core.listeners) listener()
}

/** Takes the gateway's word; another person than before (or none) means nothing fetched for them may stay. */
function settle(core: SessionCore, answer: BrowserSessionAnswer | null) {
  const before = core.known?.sub
  // How the session was opened stays in memory; the rest is the session, and the hint.
  core.known = null
  core.info = null
  if (answer) {
    const { info: method, ...session } = answer
    core.known = session
    core.info = method ?? null
  }
  core.checking = false
  if (core.known) core.forgotten = false
  writeHint(core.storage, core.known)
  scheduleEnd(core)
  if (before !== undefined && before !== core.known?.sub) for (const listener of core.personListeners) listener()
  notify(core)
}

/** Asks the gateway again when the session should end, so that a page left open does not look signed in. */
function scheduleEnd(core: SessionCore) {
  clearTimeout(core.endTimer)
  if (!core.known) return
  const inMs = core.known.expiresAt * 1000 - Date.now()
  if (inMs < MAX_TIMER_MS) core.endTimer = setTimeout(() => void core.check(), Math.max(inMs, 0) + 1000)
}

/**
 * Asks the gateway whether this browser is signed in, and as whom, one question at a time. A network failure changes
 * nothing already known (an offline page stays as it is); with nothing known, it counts as signed out: the sign-in
 * page shows.
 */
function checkWith(core: SessionCore, fetchSession: () => Promise<BrowserSessionAnswer | null>): () => Promise<void> {
  return () => {
    core.inFlight ??= (async () => {
      core.lastCheck = Date.now()
      try {
        settle(core, await fetchSession())
      } catch {
        if (core.checking) {
          core.checking = false
          notify(core)
        }
      } finally {
        core.inFlight = undefined
      }
    })()
    return core.inFlight
  }
}

/**
 * Follows the other tabs (a sign-in or a sign-out on the channel, or the hint's storage event where there is no
 * channel) and the page coming back to the front. Returns what stops following them.
 */
function followTabs(core: SessionCore, channel: AuthSessionOptions['channel'], target: Window): () => void {
  const onMessage = (message: SessionMessage) => {
    if (message.kind === 'signed-out') {
      core.forgotten = true
      settle(core, null)
    } else {
      void core.check()
    }
  }
  const onChannelMessage = (event: MessageEvent) => {
    const parsed = ZSessionMessage.safeParse(event.data)
    if (parsed.success) onMessage(parsed.data)
  }
  // Where BroadcastChannel is missing: the hint removed by a sign-out in another tab.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_HINT_KEY || event.storageArea !== core.storage) return
    if (event.newValue === null && core.known) onMessage({ kind: 'signed-out' })
    else if (event.newValue !== null && !core.known) void core.check()
  }
  const onFront = () => {
    if (document.visibilityState === 'hidden') return
    if (Date.now() - core.lastCheck >= RECHECK_AFTER_MS) void core.check()
  }
  channel?.addEventListener('message', onChannelMessage)
  target.addEventListener('storage', onStorage)
  target.addEventListener('focus', onFront)
  target.document.addEventListener('visibilitychange', onFront)
  return () => {
    target.removeEventListener('storage', onStorage)
    target.removeEventListener('focus', onFront)
    target.document.removeEventListener('visibilitychange', onFront)
  }
}

/**
 * The page's UserManager, loaded (with oidc-client-ts) on first need; its sign-ins reach the session's state and
 * the other tabs. A failed load (network) is not remembered: the next need tries again.
 */
function signInLibrary(core: SessionCore, load: () => Promise<UserManager>, channel: AuthSessionOptions['channel']) {
  let userManager: Promise<UserManager> | undefined
  let loaded: UserManager | undefined
  const onLoad = (manager: UserManager) => {
    loaded = manager
    // A sign-in just ended in this tab (the callback): the gateway now holds the session; the other tabs learn it.
    manager.events.addUserLoaded(() => {
      core.checking = true
      notify(core)
      void core.check().then(() => {
        if (core.known) channel?.postMessage({ kind: 'signed-in' } satisfies SessionMessage)
      })
    })
    return manager
  }
  return {
    userManager(): Promise<UserManager> {
      if (!userManager) {
        userManager = load().then(onLoad)
        userManager.catch(() => {
          userManager = undefined
        })
      }
      return userManager
    },
    loaded: (): UserManager | undefined => loaded,
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
  const known = readHint(options.storage)
  const core: SessionCore = {
    storage: options.storage,
    listeners: new Set(),
    personListeners: new Set(),
    known,
    info: undefined,
    checking: known === null,
    forgotten: false,
    snapshot: { signedIn: false, checking: false, signedOut: false, cloud: undefined },
    inFlight: undefined,
    lastCheck: 0,
    endTimer: undefined,
    check: () => Promise.resolve(),
  }
  core.check = checkWith(core, options.fetchSession ?? askGateway)
  const channel = options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null
  const stopFollowing = followTabs(core, channel, options.target ?? window)
  const library = signInLibrary(core, options.loadUserManager, channel)

  const session = {
    subscribe(listener: () => void) {
      core.listeners.add(listener)
      return () => core.listeners.delete(listener)
    },
    getSnapshot: () => snapshotOf(core),
    /** Called when the signed-in person changes or leaves (here or in another tab): the page's data is theirs. */
    onPersonChange(listener: () => void) {
      core.personListeners.add(listener)
      return () => {
        core.personListeners.delete(listener)
      }
    },
    /** Asks the gateway whether this browser is signed in, and as whom (checkWith). */
    check: (): Promise<void> => core.check(),
    /** The page's UserManager, loaded (with oidc-client-ts) on first need; its sign-ins reach this state. */
    userManager: (): Promise<UserManager> => library.userManager(),
    /**
     * How the session was opened (password, or mobile with its operator and level; 0017), from the gateway's last
     * answer: the check under way or done, so that the page asks GET /auth/session once. Null for nobody, or for a
     * gateway that does not say.
     */
    async signInMethod(): Promise<SessionInfo | null> {
      if (core.inFlight) await core.inFlight
      if (core.info === undefined) await core.check()
      return core.info ?? null
    },
    /** The signed-in person's subject (the ID token's `sub`), as the gateway gave it. */
    subject(): string | undefined {
      return core.known?.sub
    },
    /** The signed-in person's name from the ID token, as the gateway gave it, when it had one. */
    personName(): string | undefined {
      return core.known?.name
    },
    /** The UserManager once `userManager()` has resolved: for pages whose route waited for it. */
    loadedUserManager(): UserManager {
      const loaded = library.loaded()
      if (!loaded) throw new Error('The sign-in library is not loaded: the route must wait for session.userManager().')
      return loaded
    },
    /** Forgets the person in every tab of the browser (after the gateway forgot the session). */
    async forget(): Promise<void> {
      core.forgotten = true
      const loaded = library.loaded()
      if (loaded) await loaded.removeUser()
      settle(core, null)
      channel?.postMessage({ kind: 'signed-out' } satisfies SessionMessage)
    },
    dispose() {
      clearTimeout(core.endTimer)
      core.listeners.clear()
      core.personListeners.clear()
      channel?.close()
      stopFollowing()
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
