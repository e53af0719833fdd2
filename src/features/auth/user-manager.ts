import { InMemoryWebStorage, UserManager, WebStorageStateStore, type INavigator, type UserManagerSettings } from 'oidc-client-ts'
import type { AuthConfig } from './api/get-auth-config'
import { CSRF_HEADERS } from './csrf-headers'
import { CALLBACK_PATH } from './return-to'

/**
 * How the SPA signs in: the authorization-code flow with PKCE against the gateway (same origin), never
 * the operator directly. The metadata is explicit because the gateway publishes no discovery document.
 * The user it stores (the ID token and the gateway's opaque handles) lives in the page's memory only: the
 * gateway's session cookie, not a tab's storage, says who is signed in (session.ts, docs/decisions/0011-sign-in.md).
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
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // The PKCE verifier and the state of a sign-in in progress: only this tab needs them.
    stateStore: new WebStorageStateStore({ store: storage }),
    loadUserInfo: false,
    // The API proxy renews the operator's tokens itself, with the session's refresh token.
    automaticSilentRenew: false,
    monitorSession: false,
  }
}

/**
 * A UserManager for this page, created when the page first needs to sign in, renew or sign out
 * (session.ts). `redirectNavigator` exists for jsdom, which cannot leave the page; the browser uses
 * oidc-client-ts's own.
 */
export function createUserManager(config: AuthConfig, redirectNavigator?: INavigator): UserManager {
  return new UserManager(userManagerSettings(config, window.location.origin, window.sessionStorage), redirectNavigator)
}
