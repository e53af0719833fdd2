import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ApiError, errorApi, fill } from './api-error'

/** The server's one error model (docs/decisions/0022-server-edge.md): one class, one renderer per entity. */
const PLATFORM = errorApi('test', 'platform', {
  missing: { en: 'No thing {{id}} exists.', fr: 'Aucune chose {{id}} n’existe.' },
  englishOnly: { en: 'Only in English.' },
  worded: { message: { en: 'The thing could not be reached', fr: 'La chose est injoignable' }, en: 'Try again.', fr: 'Réessayez.' },
})
const OAUTH = errorApi('test oauth', 'oauth', { required: { en: 'The {{name}} parameter is required.' }, relayed: { en: '{{description}}' } })
const DISCOVERY = errorApi('test discovery', 'discovery', { noRedirect: { en: 'Redirect_URL is required.' } })
const ENGLISH = errorApi('test english', 'platform', { worded: { message: { en: 'Gone away' }, en: 'Sign in.' } }, { englishOnly: true })

/** Answers `error` from a route, as the edge does: a request id first (edge.ts `identify`), then the error. */
async function answer(error: ApiError, headers: Record<string, string> = {}, options: { contentType?: string } = {}) {
  const app = new Hono<{ Variables: { requestId: string } }>()
  app.get('/', (c) => {
    c.set('requestId', 'the-edge-request-id')
    c.header('Set-Cookie', 'oc_session=; Max-Age=0')
    return error.respond(c, options)
  })
  const response = await app.request('/', { headers })
  return { response, body: (await response.json()) as Record<string, unknown> }
}

describe('ApiError', () => {
  it('renders the platform entity: the code’s message, the API’s description with its params, the request id and its headers', async () => {
    const error = new ApiError(PLATFORM, 404, ERROR_CODE.notFound, 'missing', { id: 'R-1' }, { headers: { 'Retry-After': '3' } })
    const { response, body } = await answer(error)
    expect(response.status).toBe(404)
    expect(body).toEqual({ code: 60, message: 'Resource not found', description: 'No thing R-1 exists.' })
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get(HEADER.requestId)).toBe('the-edge-request-id')
    expect(response.headers.get('Retry-After')).toBe('3')
    // What the route set before refusing goes with the error.
    expect(response.headers.get('Set-Cookie')).toBe('oc_session=; Max-Age=0')
    expect(error.message).toBe('test 404 60 missing')
  })

  it('answers in the language asked, falls back to English where the table has no French, and keeps fields', async () => {
    const fields = [{ path: 'limit', message: 'doit être au plus 1000' }]
    const french = await answer(new ApiError(PLATFORM, 400, ERROR_CODE.invalidQueryParameter, 'missing', { id: 'X' }, { fields }), {
      'Accept-Language': 'fr-FR',
    })
    expect(french.body).toEqual({ code: 25, message: 'Paramètre de requête invalide', description: 'Aucune chose X n’existe.', fields })
    const fallback = await answer(new ApiError(PLATFORM, 404, ERROR_CODE.notFound, 'englishOnly'), { 'Accept-Language': 'fr' })
    expect(fallback.body).toEqual({ code: 60, message: 'Ressource introuvable', description: 'Only in English.' })
  })

  it('takes the message from the API’s table when it words the case its own way; an English-only API answers English', async () => {
    const worded = await answer(new ApiError(PLATFORM, 502, ERROR_CODE.internal, 'worded'), { 'Accept-Language': 'fr' })
    expect(worded.body).toEqual({ code: 1, message: 'La chose est injoignable', description: 'Réessayez.' })
    const english = await answer(new ApiError(ENGLISH, 401, ERROR_CODE.missingCredentials, 'worded'), { 'Accept-Language': 'fr' })
    expect(english.body).toEqual({ code: 40, message: 'Gone away', description: 'Sign in.' })
  })

  it('uses the content type an endpoint’s reference gives', async () => {
    const { response } = await answer(new ApiError(PLATFORM, 404, ERROR_CODE.notFound, 'missing'), {}, { contentType: 'application/json;charset=utf-8' })
    expect(response.headers.get('Content-Type')).toBe('application/json;charset=utf-8')
  })

  it('renders OAuth’s entity, never cached, and leaves out an empty description', async () => {
    const { response, body } = await answer(
      new ApiError(OAUTH, 400, 'invalid_request', 'required', { name: 'code' }, { headers: { 'WWW-Authenticate': 'Basic realm="x"' } }),
    )
    expect(body).toEqual({ error: 'invalid_request', error_description: 'The code parameter is required.' })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Pragma')).toBe('no-cache')
    expect(response.headers.get(HEADER.requestId)).toBe('the-edge-request-id')
    expect(response.headers.get('WWW-Authenticate')).toBe('Basic realm="x"')
    expect((await answer(new ApiError(OAUTH, 400, 'invalid_grant', 'relayed', { description: '' }))).body).toEqual({ error: 'invalid_grant' })
  })

  it('renders reference 3’s discovery entity with the request id', async () => {
    const { response, body } = await answer(new ApiError(DISCOVERY, 400, 'Invalid_Request', 'noRedirect'))
    expect(body).toEqual({ error: 'Invalid_Request', description: 'Redirect_URL is required.' })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get(HEADER.requestId)).toBe('the-edge-request-id')
  })

  it('makes an answer without a context, with the request id it is given', async () => {
    const response = new ApiError(PLATFORM, 429, ERROR_CODE.tooManyRequests, 'missing', { id: 'R-2' }).toResponse('fr', 'given-id')
    expect(response.status).toBe(429)
    expect(response.headers.get(HEADER.requestId)).toBe('given-id')
    expect(await response.json()).toEqual({ code: 53, message: 'Trop de requêtes', description: 'Aucune chose R-2 n’existe.' })
  })

  it('takes only keys of its API’s table, and the code its entity has (checked by the compiler)', () => {
    // @ts-expect-error a key of another API's table
    expect(() => new ApiError(OAUTH, 400, 'invalid_request', 'missing').description('en')).toThrow()
    // @ts-expect-error the platform entity's code is a number of ERROR_CODE
    expect(new ApiError(PLATFORM, 400, 'invalid_request', 'missing').code).toBe('invalid_request')
  })

  it('fills placeholders once and leaves one without a value as it is', () => {
    expect(fill('{{a}} and {{b}}', { a: '{{b}}' })).toBe('{{b}} and {{b}}')
    expect(fill('{{a}} is {{a}}', { a: 0 })).toBe('0 is 0')
  })
})
