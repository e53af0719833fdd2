import { render } from '@testing-library/react'
import { User, type INavigator, type IWindow, type NavigateParams } from 'oidc-client-ts'
import { onTestFinished } from 'vitest'
import { z } from 'zod/mini'
import type { InProcessServer } from './in-process-fetch'
import { App } from '@/app/app'
import { loadSignedInHeader } from '@/app/shell/signed-in-part'
import { getAuthConfig } from '@/features/auth/api/get-auth-config'
import { createAuthSession, SESSION_HINT_KEY } from '@/features/auth/session'
import { createUserManager } from '@/features/auth/user-manager'

/**
 * jsdom cannot leave the page: this navigator records where oidc-client-ts would send the browser, and the
 * page then stays as it is, as a real page does until the browser unloads it.
 */
export function recordingNavigator(): INavigator & { urls: string[] } {
  const urls: string[] = []
  const window: IWindow = {
    navigate: (params: NavigateParams) => {
      urls.push(params.url)
      return new Promise(() => undefined)
    },
    close: () => undefined,
  }
  return { urls, prepare: () => Promise.resolve(window), callback: () => Promise.resolve() }
}

/**
 * Pages load with their routes. Vite transforms a module on its first import, which on a busy machine can
 * outlast a `findBy`'s one-second wait: tests load every page's code once before their first render.
 */
const lazyModules = import.meta.glob([
  '../src/app/routes/*.tsx',
  '!../src/app/routes/*.test.tsx',
  '../src/features/auth/components/auth-routes.tsx',
  '../src/features/auth/user-manager.ts',
])
let lazyModulesLoaded: Promise<unknown> | undefined

const ZIdTokenClaims = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number(),
})

function claimsOf(idToken: string) {
  const payload = idToken.split('.')[1] ?? ''
  return ZIdTokenClaims.parse(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))))
}

/**
 * Renders the whole application at `path` in jsdom. With `signedInAs`, the person signs in for real against
 * the in-process gateway and sandbox first (their session cookie lives in the server's jar), and the page asks the
 * gateway who is signed in as a new tab does; `staleUser` makes the browser remember a session the gateway does
 * not have (docs/decisions/0011-sign-in.md).
 * The redirect navigator records where the page would send the browser (`redirects`).
 */
export async function renderApp(options: {
  server: InProcessServer
  path?: string
  signedInAs?: string
  staleUser?: boolean
  /** The sign-in library cannot be had (its configuration failed): loading it rejects with this error. */
  signInLibraryError?: unknown
}) {
  // The header's signed-in part too, as a page that opens signed in has it before its first render (main.tsx).
  lazyModulesLoaded ??= Promise.all([...Object.values(lazyModules).map((load) => load()), loadSignedInHeader()])
  await lazyModulesLoaded
  const navigator = recordingNavigator()
  const config = await getAuthConfig()
  let user: User | null = null
  if (options.signedInAs) {
    const { tokens } = await options.server.signIn(options.signedInAs)
    const now = Math.floor(Date.now() / 1000)
    user = new User({
      id_token: tokens.id_token,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope,
      profile: tokens.id_token
        ? claimsOf(tokens.id_token)
        : { iss: config.issuer, sub: options.signedInAs, aud: config.clientId, exp: now + tokens.expires_in, iat: now },
      expires_at: now + tokens.expires_in,
    })
  } else if (options.staleUser) {
    window.sessionStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ sub: 'someone', expiresAt: Math.floor(Date.now() / 1000) + 3600 }))
  }
  const userManager = createUserManager(config, navigator)
  if (user) await userManager.storeUser(user)
  window.history.replaceState(null, '', options.path ?? '/')
  // As in the browser, the page asks the gateway who is signed in and loads oidc-client-ts only when it needs it.
  let userManagerLoads = 0
  const loadUserManager = () => {
    userManagerLoads++
    return options.signInLibraryError === undefined ? Promise.resolve(userManager) : Promise.reject(options.signInLibraryError)
  }
  const session = createAuthSession({ storage: window.sessionStorage, loadUserManager, channel: null })
  const rendered = render(<App session={session} />)
  onTestFinished(async () => {
    rendered.unmount()
    session.dispose()
    userManager.stopSilentRenew()
    await userManager.events.unload()
    options.server.forgetSession()
    window.sessionStorage.clear()
    window.history.replaceState(null, '', '/')
  })
  return { ...rendered, userManager, session, redirects: navigator.urls, userManagerLoads: () => userManagerLoads }
}
