import { render } from '@testing-library/react'
import { User, type INavigator, type IWindow, type NavigateParams } from 'oidc-client-ts'
import { onTestFinished } from 'vitest'
import { z } from 'zod/mini'
import type { InProcessServer } from '../../test/in-process-fetch'
import { App } from '@/app/app'
import { getAuthConfig } from '@/features/auth/api/get-auth-config'
import { createAuthSession } from '@/features/auth/session'
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
const lazyModules = import.meta.glob(['../app/routes/*.tsx', '!../app/routes/*.test.tsx', '../features/auth/components/auth-routes.tsx', '../features/auth/user-manager.ts'])
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
 * the in-process gateway and sandbox first (their session cookie lives in the server's jar) and the page
 * starts with what oidc-client-ts would have stored; `staleUser` stores a user the gateway has no session for.
 * The redirect navigator records where the page would send the browser (`redirects`).
 */
export async function renderApp(options: {
  server: InProcessServer
  path?: string
  signedInAs?: string
  /** The signed-in person's access token has run out in the page's view (a tab that slept). */
  accessTokenExpired?: boolean
  staleUser?: boolean
}) {
  lazyModulesLoaded ??= Promise.all(Object.values(lazyModules).map((load) => load()))
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
      expires_at: options.accessTokenExpired ? now - 60 : now + tokens.expires_in,
    })
  } else if (options.staleUser) {
    const now = Math.floor(Date.now() / 1000)
    user = new User({
      access_token: 'h.stale',
      token_type: 'Bearer',
      scope: config.scope,
      profile: { iss: config.issuer, sub: 'someone', aud: config.clientId, exp: now + 3600, iat: now },
      expires_at: now + 3600,
    })
  }
  const userManager = createUserManager(config, navigator)
  if (user) await userManager.storeUser(user)
  window.history.replaceState(null, '', options.path ?? '/')
  // As in the browser, the page reads the stored person itself and loads oidc-client-ts only when it needs it.
  const session = createAuthSession({ storage: window.sessionStorage, loadUserManager: () => Promise.resolve(userManager) })
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
  return { ...rendered, userManager, session, redirects: navigator.urls }
}
