import { z } from 'zod'

/** Token response of every grant (reference 2). `expires_in` may come as a string; it is read as a number. */
export const ZTokenResponse = z.object({
  token_type: z.string().refine((value) => value.toLowerCase() === 'bearer', { error: 'must be Bearer' }),
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
})
export type TokenResponse = z.infer<typeof ZTokenResponse>

/** Form body of the client-credentials token request. */
export const ZClientCredentialsForm = z.looseObject({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
})
