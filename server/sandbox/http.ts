import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { HEADER } from '@contract/common'
import type { ErrorCode } from '@contract/error'
import { ERROR_CODE } from '@contract/error'
import { describeIssues, type MessageLanguage } from '@contract/issue-messages'
import { ApiError } from '../shared/api-error'
import { pickLanguage } from '../shared/language'
import { ORDERING_ERRORS } from './ordering/messages'

export interface Principal {
  clientId: string
  subjectKind: 'user' | 'application'
  subjectId: string
  customerId: string
  scopes: string[]
}

export type SandboxEnv = {
  Variables: {
    requestId: string
    language: MessageLanguage
    principal: Principal
  }
}

/** The 400 for a zod failure: code 26 when a parameter is unknown, else `code`; fields in the language asked. */
export function validationError(error: z.core.$ZodError, language: MessageLanguage, code: ErrorCode, unknownKey: 'field' | 'parameter'): ApiError {
  const fields = describeIssues(error.issues, language, unknownKey)
  const unknown = error.issues.some((issue) => issue.code === 'unrecognized_keys')
  const first = fields[0] ?? { path: '', message: '' }
  const answered = unknown && unknownKey === 'parameter' ? ERROR_CODE.unknownQueryParameter : code
  return fields.length > 1
    ? new ApiError(ORDERING_ERRORS, 400, answered, 'fields', { count: fields.length, path: first.path, message: first.message }, { fields })
    : new ApiError(ORDERING_ERRORS, 400, answered, 'field', { path: first.path, message: first.message }, { fields })
}

export const JSON_UTF8 = 'application/json;charset=utf-8'
export const JSON_PLAIN = 'application/json'

import { requestIdOf } from '../shared/request-id'

/** Sends JSON with the exact content type the reference gives for that endpoint. */
export function sendJson(c: Context, body: unknown, status: ContentfulStatusCode = 200, contentType = JSON_PLAIN): Response {
  return sendJsonText(c, JSON.stringify(body), status, contentType)
}

/** `sendJson` for a body already serialized. */
export function sendJsonText(c: Context, text: string, status: ContentfulStatusCode = 200, contentType = JSON_PLAIN): Response {
  return c.body(text, status, { 'Content-Type': contentType })
}

/**
 * First middleware of every sandbox API (ordering, cloud): a request id and the answer's language, on every answer,
 * success or error (0004).
 */
export const identifyCall: MiddlewareHandler<{ Variables: { requestId: string; language: MessageLanguage } }> = async (c, next) => {
  requestIdOf(c)
  c.set('language', pickLanguage(c.req.header('Accept-Language')))
  c.header(HEADER.requestId, c.get('requestId'))
  c.header('Content-Language', c.get('language'))
  c.header('Vary', 'Accept-Language')
  await next()
}
