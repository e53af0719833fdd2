import { CSRF_HEADER } from '@contract/gateway-auth'
import { UserManager, WebStorageStateStore, type INavigator, type UserManagerSettings } from 'oidc-client-ts'
import { getAuthConfig, type AuthConfig } from './api/get-auth-config'
import { CALLBACK_PATH } from './return-to'

/** The gateway's CSRF rule for /auth/token and /auth/logout (docs/decisions/0011-sign-in.md). */
export const CSRF_HEADERS = { [CSRF_HEADER.name]: CSRF_HEADER.value }

/**
 * How the SPA signs in: the authorization-code flow with PKCE against the gateway (same origin), never
 * the operator directly. The metadata is explicit because the gateway publishes no discovery document.
 * The store only ever holds the ID token and the gateway's opaque handles, and lives in sessionStorage so
 * that it ends with the tab.
 */
export function userManagerSettings(config: AuthConfig, origin: string, storage: Storage): UserManagerSettings {
  return {
    authority: config.issuer,
    metadata: {
      issuer: config.issuer,
      authorization_endpoint: `${origin}/auth/authorize`,
      token_endpoint: `${origin}/auth/token`,
    },
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    response_type: 'code',
    scope: config.scope,
    extraHeaders: { ...CSRF_HEADERS },
    fetchRequestCredentials: 'same-origin',
    userStore: new WebStorageStateStore({ store: storage }),
    // The PKCE verifier and the state of a sign-in in progress: only this tab needs them.
    stateStore: new WebStorageStateStore({ store: storage }),
    loadUserInfo: false,
    // With a refresh token (scope offline_access), oidc-client-ts renews through the refresh_token grant.
    automaticSilentRenew: true,
    monitorSession: false,
  }
}

/**
 * A UserManager for this page. `redirectNavigator` exists for jsdom, which cannot leave the page; the
 * browser uses oidc-client-ts's own.
 */
export function createUserManager(config: AuthConfig, redirectNavigator?: INavigator): UserManager {
  return new UserManager(userManagerSettings(config, window.location.origin, window.sessionStorage), redirectNavigator)
}

let userManager: Promise<UserManager> | undefined

/** The page's one UserManager, created in the browser once the gateway has said how to sign in. */
export function getUserManager(): Promise<UserManager> {
  if (!userManager) {
    userManager = getAuthConfig().then((config) => createUserManager(config))
    // A failure (gateway unreachable) is not remembered: the next call tries again.
    userManager.catch(() => {
      userManager = undefined
    })
  }
  return userManager
}
