import { ErrorResponse, InMemoryWebStorage, UserManager, WebStorageStateStore, type INavigator } from 'oidc-client-ts'
import { redirect } from 'react-router'
import type { MobilePending, MobileStartError } from '@contract/mobile-connect'
import { ZMobileStartError } from '@contract/mobile-connect'
import { currentLanguage } from '@/i18n/i18n'
import { getMobilePending } from './api/get-mobile-pending'
import { readSignInState, type SignInState } from './sign-in'
import { CSRF_HEADERS } from './csrf-headers'
import { safeReturnTo } from './return-to'
import { MOBILE_CALLBACK_PATH } from './mobile-paths'

/**
 * The operator's code flow, run by oidc-client-ts against the gateway (which adds login_hint on the way to
 * the operator and exchanges the code with the operator's secret). Its own callback route; the store holds
 * only the ID token and the gateway's handle, in the page's memory, like the password sign-in.
 */
export function createMobileUserManager(pending: Pick<MobilePending, 'issuer' | 'clientId'>, redirectNavigator?: INavigator): UserManager {
  const origin = window.location.origin
  return new UserManager(
    {
      authority: pending.issuer,
      metadata: {
        issuer: pending.issuer,
        authorization_endpoint: `${origin}/auth/mobile/authorize`,
        token_endpoint: `${origin}/auth/mobile/token`,
      },
      client_id: pending.clientId,
      redirect_uri: `${origin}${MOBILE_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'openid',
      extraHeaders: { ...CSRF_HEADERS },
      fetchRequestCredentials: 'same-origin',
      userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
    },
    redirectNavigator,
  )
}

/** Sends the browser to the operator, through the gateway, asking the level the person chose. */
export async function continueWithOperator(pending: MobilePending): Promise<void> {
  const state: SignInState = { returnTo: safeReturnTo(pending.returnTo) }
  await createMobileUserManager(pending).signinRedirect({
    state,
    nonce: crypto.randomUUID(),
    acr_values: pending.acr,
    ui_locales: currentLanguage(),
  })
}

/** What a failed mobile sign-in tells the person: cancelled, not confirmed (wrong code or PIN), or something else. */
export type MobileFailure = { kind: 'cancelled' | 'loginFailed' | 'unknown'; code: string | null }

export function mobileFailureOf(error: unknown): MobileFailure {
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') return { kind: error.error_description === 'login failed' ? 'loginFailed' : 'cancelled', code: error.error }
    return { kind: 'unknown', code: error.error }
  }
  return { kind: 'unknown', code: null }
}

/** `?error=` of /sign-in/mobile: why the gateway could not reach an operator. */
export function startErrorOf(search: URLSearchParams): MobileStartError | null {
  const parsed = ZMobileStartError.safeParse(search.get('error'))
  return parsed.success ? parsed.data : null
}

/**
 * The loader of /auth/mobile/callback: exchanges the code through the gateway, hands the signed-in person to
 * the application's UserManager (the one the whole SPA watches) and goes where they were going; a failure
 * is the page's data.
 */
export function mobileCallbackLoader(appUserManager: UserManager) {
  return async ({ request }: { request: Request }): Promise<Response | { failure: MobileFailure }> => {
    const url = new URL(request.url)
    let state: SignInState
    try {
      const pending = await getMobilePending()
      const user = await createMobileUserManager(pending).signinCallback(url.toString())
      if (!user) return { failure: { kind: 'unknown', code: null } }
      state = readSignInState(user.state)
      await appUserManager.storeUser(user)
      await appUserManager.events.load(user)
    } catch (error) {
      // The answer's parameters are spent: a reload must not replay them.
      window.history.replaceState(window.history.state, '', url.pathname)
      return { failure: mobileFailureOf(error) }
    }
    return redirect(state.returnTo)
  }
}
