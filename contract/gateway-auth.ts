import { z } from 'zod/mini'

/**
 * The gateway's session answer and headers, shared by the gateway and the SPA (docs/decisions/0011-sign-in.md). The
 * sign-in endpoints' schemas are in contract/gateway-sign-in.ts: every page reads this module, only a sign-in that one.
 */

/** The header that proves a same-origin script made the call (CSRF), on every POST to /auth. */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'ordering-console' } as const

/**
 * GET /auth/session's answer to the SPA (docs/decisions/0011-sign-in.md): the gateway's session cookie is alive and
 * whose it is. Every tab of the browser asks it, so the cookie, not a tab's storage, says who is signed in. The answer
 * also carries how the session was opened (ZSessionInfo, below). Nobody signed in is
 * ZNoBrowserSession, a 200: a probe's other answer, not an error in every signed-out visitor's console.
 */
export const ZBrowserSession = z.object({
  /** The signed-in person (the ID token's `sub`). */
  sub: z.string().check(z.minLength(1)),
  /** The person's name from the ID token, when it gives one: the header's fallback when /me names nobody (0028). */
  name: z.optional(z.string()),
  /** Epoch seconds: the session ends then at the latest (its refresh token's life, or its access token's). */
  expiresAt: z.int(),
  /** Whether the console's cloud lists are this person's company's (0018); absent when the gateway could not tell. */
  cloud: z.optional(z.boolean()),
})
export type BrowserSession = z.infer<typeof ZBrowserSession>

/** GET /auth/session when this browser has no session, or one the gateway no longer honours. */
export const ZNoBrowserSession = z.object({ signedIn: z.literal(false) })
export const NO_BROWSER_SESSION: z.infer<typeof ZNoBrowserSession> = { signedIn: false }

/** GET /auth/session: how the current session was opened, by password or by a mobile sign-in (0017; nothing secret). */
export const ZSessionInfo = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password') }),
  z.object({
    method: z.literal('mobile'),
    operator: z.string(),
    country: z.string(),
    acr: z.string(),
    amr: z.array(z.string()),
  }),
])
export type SessionInfo = z.infer<typeof ZSessionInfo>
