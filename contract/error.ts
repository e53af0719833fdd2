import { z } from 'zod/mini'
import { withMeta } from './schema-helpers'

/**
 * The platform error entity of reference 2. `fields` is this project's documented extension
 * (docs/decisions/0004-error-codes.md): one entry per invalid field of a body or query, so that a form
 * can show each message beside its field.
 */
export const ZFieldIssue = z.object({
  path: withMeta(z.string(), { description: 'Dotted path of the field, for example properties.location.address.city.' }),
  message: z.string(),
})
export type FieldIssue = z.infer<typeof ZFieldIssue>

export const ZApiErrorBody = z.object({
  code: z.int(),
  message: z.string(),
  description: z.optional(z.string()),
  infoURL: z.optional(z.url()),
  fields: z.optional(z.array(ZFieldIssue)),
})
export type ApiErrorBody = z.infer<typeof ZApiErrorBody>

/**
 * Stable error codes. The platform codes come from reference 2; the others fill the reference's
 * "not shown" and are recorded in docs/decisions/0004-error-codes.md. They never change within v3.
 */
export const ERROR_CODE = {
  // platform (reference 2)
  unavailable: 5,
  missingCredentials: 40,
  invalidCredentials: 41,
  expiredCredentials: 42,
  accessDenied: 50,
  tooManyRequests: 53,
  // project: 4xx on the request itself
  internal: 1,
  malformedBody: 20,
  invalidField: 21,
  invalidQueryParameter: 25,
  unknownQueryParameter: 26,
  insufficientScope: 51,
  notFound: 60,
  methodNotAllowed: 61,
  unsupportedMediaType: 62,
  payloadTooLarge: 63,
  /** The gateway's send guard: a creation with the same customer reference is still being processed (409). */
  sendInFlight: 64,
  // project: 422 business refusals
  unknownRequestType: 101,
  unknownContract: 102,
  targetRequestNotFound: 103,
  targetRequestClosed: 104,
  unknownServicePoint: 105,
  servicePointTerminated: 106,
  targetRequestIncompatible: 107,
} as const
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE]

/** Error answer of the token endpoints (reference 2): `error` and `error_description`. */
export const ZOAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
})
export type OAuthErrorBody = z.infer<typeof ZOAuthErrorBody>
