import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HEADER } from '@contract/common'
import type { ApiErrorBody, ErrorCode, FieldIssue, OAuthErrorBody } from '@contract/error'
import type { MessageLanguage } from '@contract/issue-messages'
import { pickLanguage } from './language'
import { newRequestId } from './request-id'

/**
 * The server's one error model (docs/decisions/0022-server-edge.md): every error answer of the gateway, the sandbox
 * and the edge is an `ApiError`, rendered as reference 2's error entity with the request id in `X-OAPI-Request-Id`.
 * Each API keeps one message table (`MessageTable`) of what it says, in English and French; a new endpoint throws
 * or returns an `ApiError` built from its table and has nothing else to write.
 */
export type Texts = Record<MessageLanguage, string>
/** One API's messages: a key per message, each in every language; `{name}` is filled from the error's params. */
export type MessageTable<K extends string> = Record<K, Texts>

/** `{name}` placeholders filled from `params`. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** The request id of this answer: the one the edge gave the call (edge.ts), else a new one. */
export function requestIdOf(c: Context): string {
  return (c.get('requestId') as string | undefined) ?? newRequestId()
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    /** The `message` of the entity, per language. */
    readonly title: Texts,
    /** The `description`, per language, when there is one. */
    readonly detail?: Texts,
    readonly options: { fields?: FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(`${status} ${code} ${title.en}`)
  }

  body(language: MessageLanguage): ApiErrorBody {
    return {
      code: this.code,
      message: this.title[language],
      ...(this.detail ? { description: this.detail[language] } : {}),
      ...(this.options.fields?.length ? { fields: this.options.fields } : {}),
    }
  }

  /** The answer: the entity in the language the call asks for, never cached, with the request id. */
  respond(c: Context, language: MessageLanguage = pickLanguage(c.req.header('Accept-Language'))): Response {
    const headers = new Headers({ 'Content-Type': 'application/json', [HEADER.requestId]: requestIdOf(c), ...this.options.headers })
    return new Response(JSON.stringify(this.body(language)), { status: this.status, headers })
  }
}

/** The same text in every language (a description naming a path, a server's own words). */
export function sameInAll(text: string): Texts {
  return { en: text, fr: text }
}

/**
 * An error of an OAuth token endpoint (RFC 6749 5.2, reference 2): `error` and `error_description`, never cached,
 * with the request id like every other error of the server.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    readonly description?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${error}`)
  }

  respond(c: Context): Response {
    const body: OAuthErrorBody = { error: this.error, ...(this.description ? { error_description: this.description } : {}) }
    return new Response(JSON.stringify(body), {
      status: this.status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', [HEADER.requestId]: requestIdOf(c), ...this.headers },
    })
  }
}
