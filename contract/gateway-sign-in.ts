import { z } from 'zod/mini'

/**
 * The gateway's sign-in endpoints (docs/decisions/0011-sign-in.md), shared by the gateway and the SPA: what only a
 * sign-in needs, apart from the session answer every page reads (contract/gateway-auth.ts), so that the SPA's entry
 * carries none of it (docs/decisions/0012-list-page-javascript-budget.md).
 * GET /auth/config: what the SPA's UserManager needs; nothing in it is secret.
 */
export const ZAuthConfig = z.object({
  issuer: z.url(),
  clientId: z.string().check(z.minLength(1)),
  scope: z.string().check(z.minLength(1)),
})
export type AuthConfig = z.infer<typeof ZAuthConfig>

/** Prefix of the opaque handles the browser gets instead of the operator's tokens. */
export const TOKEN_HANDLE_PREFIX = 'h.'

/** POST /auth/token's answer to the browser: the ID token and handles, never a token of the operator's. */
export const ZBrowserTokenAnswer = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string().check(z.startsWith(TOKEN_HANDLE_PREFIX)),
  expires_in: z.int().check(z.positive()),
  scope: z.string(),
  id_token: z.optional(z.string()),
  refresh_token: z.optional(z.string().check(z.startsWith(TOKEN_HANDLE_PREFIX))),
})
export type BrowserTokenAnswer = z.infer<typeof ZBrowserTokenAnswer>
