import { z } from 'zod/mini'

/**
 * The mobile identity service of reference 3 (operator discovery, the operator's OpenID Connect endpoints) and
 * the gateway's mobile sign-in endpoints (docs/decisions/0017-mobile-connect.md).
 */

/** Reference 3: assurance levels an operator supports (ISO/IEC 29115). */
export const MOBILE_ACR_VALUES = ['2', '3'] as const
export const ZMobileAcr = z.enum(MOBILE_ACR_VALUES)
export type MobileAcr = z.infer<typeof ZMobileAcr>

/** Reference 3's authentication methods (amr), spelled as documented. */
export const AMR = { smsOtp: 'SMS OTP', ok: 'OK', simPin: 'SIM_PIN' } as const
export const ZAmr = z.enum([AMR.smsOtp, AMR.ok, AMR.simPin])
export type Amr = z.infer<typeof ZAmr>

/** Parameters reference 3 lists as unsupported at the operator. */
export const UNSUPPORTED_OPERATOR_PARAMETERS = ['id_token_hint', 'claims_locales', 'dtbs'] as const

/** Prefix of `login_hint`: the encrypted mobile number from discovery (reference 3). */
export const ENCRYPTED_MSISDN_PREFIX = 'ENCR_MSISDN:'

/** `mcc_mnc` of the discovery redirect: `<mcc>_<mnc>`. */
export const ZMccMnc = z.string().check(z.regex(/^\d{3}_\d{2,3}$/, { error: 'must be <mcc>_<mnc>, for example 208_90' }))

/** The discovery query or form (reference 3); parameter names as documented. */
export const ZDiscoveryQuery = z.looseObject({
  Redirect_URL: z.url({ protocol: /^https?$/, error: 'Redirect_URL must be an http(s) URL' }),
  'Selected-MCC': z.optional(z.string().check(z.regex(/^\d{3}$/, { error: 'Selected-MCC must be 3 digits' }))),
  'Selected-MNC': z.optional(z.string().check(z.regex(/^\d{2,3}$/, { error: 'Selected-MNC must be 2 or 3 digits' }))),
})

export const ZLink = z.object({ href: z.string(), rel: z.string() })

/** Step 2's answer. `apis` is absent when the operator's endpoints are withheld (production without an agreement). */
export const ZDiscoveryResponse = z.object({
  ttl: z.int(),
  response: z.object({
    client_id: z.optional(z.string()),
    client_secret: z.optional(z.string()),
    serving_operator: z.string(),
    country: z.string(),
    currency: z.string(),
    apis: z.optional(z.object({ operatorid: z.object({ link: z.array(ZLink) }) })),
  }),
})
export type DiscoveryResponse = z.infer<typeof ZDiscoveryResponse>

/** Discovery errors (reference 3): 401 Unauthorized_Access, 400 Invalid_Request. */
export const ZDiscoveryError = z.object({ error: z.string(), description: z.string() })
export type DiscoveryError = z.infer<typeof ZDiscoveryError>

/** The operator's ID token claims of reference 3 (the gateway checks them; `aud` is an array). */
export const ZMobileIdTokenClaims = z.object({
  iss: z.string(),
  sub: z.string(),
  aud: z.array(z.string()),
  exp: z.int(),
  iat: z.int(),
  auth_time: z.int(),
  nonce: z.optional(z.nullable(z.string())),
  acr: z.string(),
  amr: z.array(z.string()),
})

/** GET /auth/mobile/pending: the operator found for this browser's sign-in, what the SPA's UserManager needs. */
export const ZMobilePending = z.object({
  operator: z.object({ name: z.string(), country: z.string(), mccMnc: ZMccMnc }),
  issuer: z.url(),
  clientId: z.string().check(z.minLength(1)),
  /** The level the person chose before discovery. */
  acr: ZMobileAcr,
  returnTo: z.string(),
})
export type MobilePending = z.infer<typeof ZMobilePending>

/** Why a mobile sign-in could not reach the operator (the gateway's redirect to /sign-in/mobile?error=…). */
export const MOBILE_START_ERRORS = ['discovery_failed', 'no_agreement', 'expired', 'invalid_request', 'unavailable'] as const
export const ZMobileStartError = z.enum(MOBILE_START_ERRORS)
export type MobileStartError = z.infer<typeof ZMobileStartError>
