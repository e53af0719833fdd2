import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HEADER } from '@contract/common'
import type { ApiErrorBody, ErrorCode, FieldIssue, OAuthErrorBody } from '@contract/error'
import type { MessageLanguage } from '@contract/issue-messages'
import type { DiscoveryError } from '@contract/mobile-connect'
import { ERROR_MESSAGES } from './error-messages'
import { pickLanguage } from './language'
import { requestIdOf } from './request-id'

/**
 * The server's one error model (docs/decisions/0022-server-edge.md). Every error answer of the sandbox, the gateway
 * and the edge is an `ApiError`: the API it belongs to, an HTTP status, a code, and a key into that API's one message
 * table. How it looks on the wire is the API's entity's (reference 2's platform entity, reference 2's OAuth error,
 * reference 3's discovery error), always with the request id in `X-OAPI-Request-Id`.
 */

/** A text in English and, where the API speaks it, in French; French falls back to English. */
export interface Texts {
  en: string
  fr?: string
}
/** A table whose every text is in every language (the APIs a person reads), for `satisfies`. */
export type MessageTable<K extends string> = Record<K, Record<MessageLanguage, string> & { message?: Record<MessageLanguage, string> }>

/** One entry of an API's message table: the description, and the entity's `message` where the API words it its own way. */
export interface ErrorText extends Texts {
  /** The platform entity's `message`; by default the code's (server/shared/error-messages.ts). */
  message?: Texts
}

/** The error entities this server answers with, one renderer each. */
export type ErrorEntity = 'platform' | 'oauth' | 'discovery'

/** The platform entity's `code` is a number of ERROR_CODE; OAuth's and discovery's `error` is a word. */
type CodeOf<E extends ErrorEntity> = E extends 'platform' ? ErrorCode : string

/** An API of this server, as its errors need it: its name, its entity and its message table. */
export interface ErrorApi<E extends ErrorEntity, K extends string> {
  readonly name: string
  readonly entity: E
  readonly texts: Readonly<Record<K, ErrorText>>
  /** Answers in English whatever the caller asks: its texts have no French (yet). */
  readonly englishOnly?: boolean
}

export function errorApi<E extends ErrorEntity, K extends string>(
  name: string,
  entity: E,
  texts: Record<K, ErrorText>,
  options: { englishOnly?: boolean } = {},
): ErrorApi<E, K> {
  return { name, entity, texts, ...options }
}

export type Params = Record<string, string | number>

/** `{{name}}` placeholders (the page's style too, src/i18n/translator.ts) filled from `params`; one without a value stays as it is. */
export function fill(template: string, params: Params = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

function inLanguage(texts: Texts, language: MessageLanguage): string {
  return texts[language] ?? texts.en
}

/** The request id of an answer (request-id.ts); here for the modules that render errors. */
export { requestIdOf }

export interface ErrorOptions {
  /** The invalid fields (platform entity, 0004). */
  fields?: FieldIssue[]
  /** Headers of this answer: `Allow`, `Retry-After`, `WWW-Authenticate`… */
  headers?: Record<string, string>
}

/** A rendered error: what `respond` and `toResponse` send. */
interface Rendered {
  status: ContentfulStatusCode
  body: string
  headers: Record<string, string>
}

export class ApiError<E extends ErrorEntity = ErrorEntity, K extends string = string> extends Error {
  constructor(
    readonly api: ErrorApi<E, K>,
    readonly status: ContentfulStatusCode,
    readonly code: CodeOf<E>,
    readonly key: NoInfer<K>,
    readonly params: Params = {},
    readonly options: ErrorOptions = {},
  ) {
    // The internal message (logs, test failures); what the caller reads is rendered per language.
    super(`${api.name} ${status} ${code} ${key}`)
  }

  /** The description (`description`, `error_description`) in `language`, from the API's table. */
  description(language: MessageLanguage): string {
    return fill(inLanguage(this.api.texts[this.key], this.languageFor(language)), this.params)
  }

  /** The language this error answers in: the one asked, unless its API speaks only English. */
  languageFor(asked: MessageLanguage): MessageLanguage {
    return this.api.englishOnly ? 'en' : asked
  }

  /**
   * The answer, in the language the call asks for, through the context (so that headers a route set before refusing,
   * a cleared cookie, go with it). `contentType` for an API whose reference gives another one (0004).
   */
  respond(c: Context, options: { contentType?: string } = {}): Response {
    const rendered = renderError(this, pickLanguage(c.req.header('Accept-Language')), requestIdOf(c), options.contentType)
    return c.body(rendered.body, rendered.status, rendered.headers)
  }

  /** The answer without a context (an upstream answer the gateway makes up, throttle.ts). */
  toResponse(language: MessageLanguage, requestId = requestIdOf()): Response {
    const rendered = renderError(this, language, requestId)
    return new Response(rendered.body, { status: rendered.status, headers: rendered.headers })
  }
}

function isEntity<E extends ErrorEntity>(error: ApiError, entity: E): error is ApiError<E> {
  return error.api.entity === entity
}

/** One renderer per entity; each answer carries the request id and the error's own headers. */
function renderError(error: ApiError, language: MessageLanguage, requestId: string, contentType = 'application/json'): Rendered {
  const render = (body: unknown, fixed: Record<string, string> = {}): Rendered => ({
    status: error.status,
    body: JSON.stringify(body),
    headers: { 'Content-Type': contentType, ...fixed, [HEADER.requestId]: requestId, ...error.options.headers },
  })
  // OAuth's errors and discovery's are about credentials: never cached (RFC 6749 5.1).
  if (isEntity(error, 'oauth')) return render(oauthBody(error), { 'Cache-Control': 'no-store', Pragma: 'no-cache' })
  if (isEntity(error, 'discovery')) return render(discoveryBody(error), { 'Cache-Control': 'no-store' })
  if (isEntity(error, 'platform')) return render(platformBody(error, language))
  throw new Error(`No renderer for the ${error.api.entity} entity`)
}

/** Reference 2's platform entity, with this project's `fields` (0004). */
function platformBody(error: ApiError<'platform'>, language: MessageLanguage): ApiErrorBody {
  const fields = error.options.fields ?? []
  return {
    code: error.code,
    message: titleOf(error, language),
    description: error.description(language),
    ...(fields.length ? { fields } : {}),
  }
}

/** The platform entity's `message`: the API's own wording of this case, else the code's. */
function titleOf(error: ApiError<'platform'>, asked: MessageLanguage): string {
  const language = error.languageFor(asked)
  const own = error.api.texts[error.key]?.message
  return own ? inLanguage(own, language) : ERROR_MESSAGES[error.code][language]
}

/** RFC 6749 5.2 as reference 2's token endpoints answer it; an empty description is left out. */
function oauthBody(error: ApiError<'oauth'>): OAuthErrorBody {
  const description = error.description('en')
  return { error: error.code, ...(description ? { error_description: description } : {}) }
}

/** Reference 3's discovery errors: `error` and `description`. */
function discoveryBody(error: ApiError<'discovery'>): DiscoveryError {
  return { error: error.code, description: error.description('en') }
}
