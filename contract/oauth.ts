import { z } from 'zod/mini'

/** Token response of every grant (reference 2). `expires_in` may come as a string; it is read as a number. */
export const ZTokenResponse = z.object({
  token_type: z.string().check(z.refine((value) => value.toLowerCase() === 'bearer', { error: 'must be Bearer' })),
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.coerce.number().check(z.int(), z.positive()),
  scope: z.optional(z.string()),
  refresh_token: z.optional(z.string()),
  id_token: z.optional(z.string()),
})
export type TokenResponse = z.infer<typeof ZTokenResponse>

/**
 * Form body of the client-credentials token request (reference 2, "Client credentials"): `grant_type`, the client's
 * id and secret when not in the Authorization header, an optional `scope`; other fields are ignored.
 */
export const ZClientCredentialsForm = z.looseObject({
  grant_type: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
  scope: z.optional(z.string()),
})

/** Reference 2's authorization endpoint errors, each sent back to redirect_uri with error, error_description and state. */
export const AUTHORIZE_ERRORS = [
  'access_denied',
  'consent_required',
  'invalid_scope',
  'invalid_request',
  'login_required',
  'unsupported_response_type',
  'server_error',
  'temporarily_unavailable',
] as const
export type AuthorizeError = (typeof AUTHORIZE_ERRORS)[number]
