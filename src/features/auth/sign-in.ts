import type { SigninRedirectArgs } from 'oidc-client-ts'
import { z } from 'zod/mini'
import { currentLanguage } from '@/i18n/i18n'
import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to'

/** What a sign-in carries through the authorization server and back (oidc-client-ts keeps it in the state store). */
export const ZSignInState = z.object({
  returnTo: z.string(),
  /** The attempt used prompt=none: an interaction_required answer means "ask the person", not a failure. */
  silent: z.optional(z.boolean()),
})
export type SignInState = z.infer<typeof ZSignInState>

/** The state round-tripped by a sign-in, whatever came back, with a safe place to return to. */
export function readSignInState(value: unknown): SignInState {
  const parsed = ZSignInState.safeParse(value)
  if (!parsed.success) return { returnTo: DEFAULT_RETURN_TO }
  return { ...parsed.data, returnTo: safeReturnTo(parsed.data.returnTo) }
}

/**
 * The arguments of every sign-in redirect: a fresh nonce, the page to return to, the person's language
 * for the authorization server's pages, and `prompt` when the attempt must not (silent) or must (after a
 * sign-out, so that the next person is asked for a password) show the login page.
 */
export function signInArgs(options: { returnTo: string; silent?: boolean; forceLogin?: boolean }): SigninRedirectArgs {
  const state: SignInState = { returnTo: safeReturnTo(options.returnTo), ...(options.silent ? { silent: true } : {}) }
  const prompt = options.silent ? 'none' : options.forceLogin ? 'login' : undefined
  return {
    state,
    nonce: crypto.randomUUID(),
    ui_locales: currentLanguage(),
    ...(prompt ? { prompt } : {}),
  }
}
