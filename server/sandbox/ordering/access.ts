import type { MiddlewareHandler } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { SCOPE } from '@contract/misc'
import type { Applications, WindowLimiter } from '../applications'
import { ApiError } from '../../shared/api-error'
import type { SandboxEnv } from '../http'
import { ORDERING_ERRORS } from './messages'
import type { TokenStore } from '../oauth/token-store'
import { quotaRefusal, type ApplicationQuota } from './quota'

const BEARER_CHALLENGE = 'Bearer realm="ordering"'

/**
 * The checks of reference 2, in the order a real gateway makes them: API key (401 40/41), spike
 * arrest (403 53), bearer token (401 40/41/42), subscription (403 50), scope (403 51 on writes), then the application
 * quota (403 53), which counts only the calls that passed all of them (docs/decisions/0032-application-quota.md).
 */
export function requireAccess(deps: {
  applications: Applications
  tokens: TokenStore
  spikeArrest: WindowLimiter
  /** The API key only as a query parameter (docs/decisions/0029-second-dialect.md): a header alone is no key (401 40). */
  apiKeyInQueryOnly?: boolean
  quota: ApplicationQuota
}): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const apiKey = deps.apiKeyInQueryOnly ? c.req.query(HEADER.apiKey) : (c.req.header(HEADER.apiKey) ?? c.req.query(HEADER.apiKey))
    if (!apiKey) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.missingCredentials, 'missingApiKey')
    const application = deps.applications.byApiKey(apiKey)
    if (!application) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.invalidCredentials, 'invalidApiKey')

    if (!deps.spikeArrest.hit(application.client_id)) {
      throw new ApiError(
        ORDERING_ERRORS,
        403,
        ERROR_CODE.tooManyRequests,
        'spikeArrest',
        { limit: deps.spikeArrest.limit },
        {
          headers: { 'Retry-After': String(deps.spikeArrest.retryAfterSeconds(application.client_id)) },
        },
      )
    }

    const authorization = c.req.header('Authorization') ?? ''
    const match = /^Bearer +(\S+)$/i.exec(authorization)
    const challenge = { 'WWW-Authenticate': BEARER_CHALLENGE }
    if (!match) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.missingCredentials, 'missingToken', {}, { headers: challenge })
    const token = deps.tokens.find(match[1]!)
    const invalid = { 'WWW-Authenticate': `${BEARER_CHALLENGE}, error="invalid_token"` }
    if (!token || token.kind !== 'access') throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.invalidCredentials, 'invalidToken', {}, { headers: invalid })
    if (token.revoked === 2) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.invalidCredentials, 'consentRevoked', {}, { headers: invalid })
    if (token.revoked) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.invalidCredentials, 'invalidToken', {}, { headers: invalid })
    if (token.client_id !== application.client_id) {
      throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.invalidCredentials, 'tokenOtherClient', {}, { headers: invalid })
    }
    if (deps.tokens.isExpired(token)) throw new ApiError(ORDERING_ERRORS, 401, ERROR_CODE.expiredCredentials, 'expiredToken', {}, { headers: invalid })
    if (!application.subscribed) throw new ApiError(ORDERING_ERRORS, 403, ERROR_CODE.accessDenied, 'notSubscribed')

    const scopes = token.scopes.split(' ').filter(Boolean)
    if (!scopes.includes(SCOPE.full) && !scopes.includes(SCOPE.readonly)) {
      throw new ApiError(ORDERING_ERRORS, 403, ERROR_CODE.insufficientScope, 'noOrderingScope')
    }
    const refused = deps.quota.take(application.client_id, 'ordering')
    if (refused) throw quotaRefusal(refused, deps.quota.now())
    c.set('principal', {
      clientId: token.client_id,
      subjectKind: token.subject_kind,
      subjectId: token.subject_id,
      customerId: token.customer_id,
      scopes,
    })
    await next()
  }
}
