import { UserManager, WebStorageStateStore, type INavigator, type StateStore, type UserManagerSettings } from 'oidc-client-ts'
import type { AuthConfig } from './api/get-auth-config'
import { CSRF_HEADERS } from './csrf-headers'
import { CALLBACK_PATH } from './return-to'
import { STORED_USER_KEY } from './session'

/**
 * The user store: the one signed-in person of the tab under one key (oidc-client-ts would name it after the
 * issuer and client id, which pages would then have to ask the gateway for before showing anything).
 */
export function storedUserStore(storage: Storage): StateStore {
  return {
    set: (_key, value) => Promise.resolve(storage.setItem(STORED_USER_KEY, value)),
    get: () => Promise.resolve(storage.getItem(STORED_USER_KEY)),
    remove: () => {
      const value = storage.getItem(STORED_USER_KEY)
      storage.removeItem(STORED_USER_KEY)
      return Promise.resolve(value)
    },
    getAllKeys: () => Promise.resolve(storage.getItem(STORED_USER_KEY) === null ? [] : [STORED_USER_KEY]),
  }
}

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
    // Pages read the stored user without this library (session.ts).
    userStore: storedUserStore(storage),
    // The PKCE verifier and the state of a sign-in in progress: only this tab needs them.
    stateStore: new WebStorageStateStore({ store: storage }),
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
