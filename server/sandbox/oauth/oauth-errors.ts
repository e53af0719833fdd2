import { errorApi } from '../../shared/api-error'

/**
 * The message table of the sandbox's authorization servers (reference 2's client-credentials and code-flow token
 * endpoints, userinfo, and reference 3's operators): each `error_description`. Their errors are OAuth's entity,
 * `error` and `error_description` (RFC 6749 5.2), in English as the reference gives them.
 */
export const SANDBOX_OAUTH_ERRORS = errorApi('sandbox authorization', 'oauth', {
  // Every token endpoint
  method: { en: 'Method {{method}} is not supported; use POST.' },
  formBody: { en: 'Send the body as application/x-www-form-urlencoded.' },
  duplicateCredentials: { en: 'Duplicate credentials' },
  missingClient: { en: 'Client credentials are missing.' },
  badClient: { en: 'Client authentication failed.' },
  required: { en: '{{name}} is required.' },
  repeated: { en: '{{names}} may appear only once.' },
  notSubscribed: { en: 'The application is not subscribed to any API.' },
  // Client credentials
  tokenRate: { en: 'More than {{limit}} token requests in a minute. Cache the token and reuse it until it expires.' },
  clientCredentialsOnly: { en: 'grant_type {{grantType}} is not supported here; use client_credentials.' },
  scope: { en: '{{asked}} allowed for this application; allowed: {{allowed}}.' },
  // The code flow
  codeFlowGrants: { en: 'grant_type {{grantType}} is not supported here; use authorization_code or refresh_token.' },
  forced: { en: 'Answered by the sandbox control POST /sandbox/control/oidc/next-error.' },
  codeUnknown: { en: 'The code is unknown or was issued to another client.' },
  codeUsed: { en: 'The code was used already.' },
  codeExpired: { en: 'The code has expired; codes live 10 minutes.' },
  codeOtherCountry: { en: 'The code was issued by the {{country}} authorization server.' },
  redirectUri: { en: 'redirect_uri differs from the one of the authorization request.' },
  verifierRequired: { en: 'code_verifier is required: the authorization request had a code_challenge.' },
  verifierMismatch: { en: 'code_verifier does not match the code_challenge.' },
  verifierUnexpected: { en: 'code_verifier was sent, but the authorization request had no code_challenge.' },
  codeUserGone: { en: 'The user of this code no longer exists.' },
  refreshUnknown: { en: 'The refresh token is unknown or was issued to another client.' },
  refreshConsent: { en: 'The user withdrew consent; sign in again.' },
  refreshRevoked: { en: 'The refresh token was revoked or used already: each refresh answers a new one.' },
  refreshExpired: { en: 'The refresh token has expired; sign in again.' },
  refreshOtherCountry: { en: 'The refresh token was issued by the {{country}} authorization server.' },
  refreshUserGone: { en: 'The user of this refresh token no longer exists.' },
  // Userinfo
  bearerMissing: { en: 'Send the access token as Authorization: Bearer <token>.' },
  notUserToken: { en: 'The access token is unknown or not a user token.' },
  consentWithdrawn: { en: 'The user withdrew consent.' },
  accessRevoked: { en: 'The access token was revoked.' },
  accessExpired: { en: 'The access token has expired.' },
  noOpenid: { en: 'The access token was not granted the openid scope.' },
  // The operators (reference 3)
  operatorBasic: { en: 'Send the operator credentials as Authorization: Basic.' },
  operatorGrant: { en: 'grant_type {{grantType}} is not supported; use authorization_code.' },
  codeOtherOperator: { en: 'The code was issued by another operator.' },
  operatorVerifier: { en: 'code_verifier does not match the code_challenge of the authorization request.' },
  operatorToken: { en: 'The access token is unknown or has expired.' },
})

export type SandboxOAuthKey = keyof typeof SANDBOX_OAUTH_ERRORS.texts
