import { errorApi } from '../../shared/api-error'

/**
 * The message table of the gateway's sign-in (/auth: the token handler of 0011 and the mobile sign-in of 0017): each
 * `error_description` of its OAuth errors (`error`, `error_description`, RFC 6749 5.2), in English.
 */
export const GATEWAY_AUTH_ERRORS = errorApi('gateway sign-in', 'oauth', {
  method: { en: 'Method {{method}} is not supported; use POST.' },
  /** Why a state-changing call was refused as cross-site (same-origin.ts gives the reason). */
  crossSite: { en: '{{reason}}' },
  bodyTooLarge: { en: 'The body is larger than the {{max}} bytes a sign-in form can be.' },
  formBody: { en: 'Send the body as application/x-www-form-urlencoded.' },
  repeated: { en: 'The parameter {{names}} is repeated.' },
  required: { en: 'The {{name}} parameter is required.' },
  otherClient: { en: 'The client_id is not this application’s.' },
  grantTypes: { en: 'Only authorization_code and refresh_token are accepted.' },
  mobileGrantType: { en: 'Only authorization_code is accepted here.' },
  callback: { en: 'The redirect_uri is not this console’s callback.' },
  mobileCallback: { en: 'The redirect_uri is not this console’s mobile callback.' },
  noSignIn: { en: 'No sign-in is in progress in this browser, or it took more than 10 minutes. Sign in again.' },
  noMobileSignIn: { en: 'No mobile sign-in is in progress in this browser, or it took more than 10 minutes. Sign in again.' },
  noIdToken: { en: 'The ID token failed verification: the operator sent none (is openid in the scope?).' },
  mobileNoIdToken: { en: 'The ID token failed verification: the operator sent none.' },
  idToken: { en: 'The ID token failed verification: {{reason}}.' },
  otherSession: { en: 'The refresh token does not belong to this browser’s session. Sign in again.' },
  /** The operator's own refusal or failure, passed on as it said it (scrubbed of the client secret). */
  operator: { en: '{{description}}' },
  operatorUnusable: { en: 'The operator gave no usable answer. Try again in a moment.' },
  operatorUnreachable: { en: 'The operator could not be reached. Try again in a moment.' },
  noOrderingToken: { en: 'The ordering API gave no access token. Try again in a moment.' },
})
