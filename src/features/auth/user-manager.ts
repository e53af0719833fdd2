import { UserManager, WebStorageStateStore, type INavigator, type UserManagerSettings } from 'oidc-client-ts'
import type { AuthConfig } from './api/get-auth-config'
import { CSRF_HEADERS } from './csrf-headers'
import { CALLBACK_PATH } from './return-to'
import { OIDC_STORE_PREFIX } from './session'

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
    // Pages read the stored user without this library (session.ts): the prefix is part of that agreement.
    userStore: new WebStorageStateStore({ store: storage, prefix: OIDC_STORE_PREFIX }),
    // The PKCE verifier and the state of a sign-in in progress: only this tab needs them.
    stateStore: new WebStorageStateStore({ store: storage, prefix: OIDC_STORE_PREFIX }),
    loadUserInfo: false,
    // With a refresh token (scope offline_access), oidc-client-ts renews through the refresh_token grant.
    automaticSilentRenew: true,
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
