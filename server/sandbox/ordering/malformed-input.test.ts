import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { REQUEST_FIELDS } from '@contract/request'
import { REQUEST_BODY_MAX_BYTES } from '@contract/request-bodies'
import { SORTABLE_REQUEST_FIELDS } from '@contract/request-query'
import { actingOnBody, expectApiError, JSON_PLAIN, JSON_UTF8, startTestApp, terminationBody, validBody, type TestApp } from '../../test-support'

/**
 * Malformed bodies and query parameters: each gets the error entity naming what is wrong, and a refused
 * body stores nothing.
 */
let t: TestApp
let token: string
let today: string

beforeAll(async () => {
  t = startTestApp()
  token = await t.mintToken()
  today = t.today()
})
afterAll(() => t.close())

type Body = Record<string, unknown>
const withProperties = (change: (properties: Body) => Body) => (): Body => {
  const body = validBody(today)
  return { ...body, properties: change(structuredClone(body.properties) as Body) }
}
const location = (change: Body) => withProperties((p) => ({ ...p, location: { ...(p.location as Body), ...change } }))
const address = (change: Body) =>
  withProperties((p) => ({ ...p, location: { ...(p.location as Body), address: { ...((p.location as Body).address as Body), ...change } } }))
const contact = (change: Body) => withProperties((p) => ({ ...p, contacts: { primary: { ...((p.contacts as Body).primary as Body), ...change } } }))
const options = (change: Body) => withProperties((p) => ({ ...p, options: change }))
const field = (overrides: Body) => (): Body => validBody(today, overrides)

interface BodyCase {
  name: string
  /** A raw text body, or a function building the JSON body. */
  body: string | (() => unknown)
  code: number
  /** The first field issue, when the answer names fields. */
  issue?: { path: string; message: string }
  description?: RegExp
}

const BODY_CASES: BodyCase[] = [
  { name: 'bad JSON', body: '{"type": ', code: ERROR_CODE.malformedBody, description: /^The body is not valid JSON: / },
  { name: 'an empty body', body: '', code: ERROR_CODE.malformedBody, description: /^The body is not valid JSON: / },
  { name: 'JSON followed by garbage', body: '{}x', code: ERROR_CODE.malformedBody, description: /^The body is not valid JSON: / },
  { name: 'a JSON array', body: '[]', code: ERROR_CODE.malformedBody, description: /^The body must be a JSON object\.$/ },
  { name: 'an array of a valid body', body: () => [validBody(today)], code: ERROR_CODE.malformedBody, description: /must be a JSON object/ },
  { name: 'JSON null', body: 'null', code: ERROR_CODE.malformedBody, description: /must be a JSON object/ },
  { name: 'a JSON string', body: '"INTERNET_ACCESS"', code: ERROR_CODE.malformedBody, description: /must be a JSON object/ },
  { name: 'a JSON number', body: '42', code: ERROR_CODE.malformedBody, description: /must be a JSON object/ },
  { name: 'an empty object', body: () => ({}), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'is required' }, description: /^4 fields are invalid; the first: type is required\.$/ },
  { name: 'no type', body: field({ type: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'is required' } },
  { name: 'a numeric type', body: field({ type: 7 }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'must be text' } },
  { name: 'a blank type', body: field({ type: '   ' }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'must not be empty' } },
  { name: 'no requestedAt', body: field({ requestedAt: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'is required' } },
  { name: 'a requestedAt written DD/MM/YYYY', body: field({ requestedAt: '11/05/2026' }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' } },
  { name: 'a requestedAt that does not exist', body: field({ requestedAt: '2026-02-30' }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' } },
  { name: 'a requestedAt timestamp', body: field({ requestedAt: '2026-06-01T10:00:00Z' }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' } },
  { name: 'a numeric requestedAt', body: field({ requestedAt: 20260601 }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'must be text' } },
  { name: 'no contract', body: field({ contract: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'is required' } },
  { name: 'a numeric contract', body: field({ contract: 101 }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'must be text' } },
  { name: 'a blank contract', body: field({ contract: '  ' }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'must not be empty' } },
  { name: 'a numeric customerReference', body: field({ customerReference: 12 }), code: ERROR_CODE.invalidField, issue: { path: 'customerReference', message: 'must be text' } },
  { name: 'an empty customerReference', body: field({ customerReference: '' }), code: ERROR_CODE.invalidField, issue: { path: 'customerReference', message: 'must not be empty' } },
  { name: 'no attachments', body: field({ attachments: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'attachments', message: 'is required' } },
  { name: 'attachments as an object', body: field({ attachments: {} }), code: ERROR_CODE.invalidField, issue: { path: 'attachments', message: 'must be a list' } },
  { name: 'an attachment that is a string', body: field({ attachments: ['plan.pdf'] }), code: ERROR_CODE.invalidField, issue: { path: 'attachments[0]', message: 'must be an object' } },
  { name: 'a comment of 2001 characters', body: field({ comment: 'c'.repeat(2001) }), code: ERROR_CODE.invalidField, issue: { path: 'comment', message: 'must be at most 2000 characters, you have 2001' } },
  { name: 'a name of 101 characters', body: field({ name: 'n'.repeat(101) }), code: ERROR_CODE.invalidField, issue: { path: 'name', message: 'must be at most 100 characters, you have 101' } },
  { name: 'no properties', body: field({ properties: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'properties', message: 'is required' } },
  { name: 'properties as an array', body: field({ properties: [] }), code: ERROR_CODE.invalidField, issue: { path: 'properties', message: 'must be an object' } },
  { name: 'a location without address', body: location({ address: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'properties.location.address', message: 'is required' } },
  { name: 'a postal code of 11 characters', body: address({ postalCode: '75002 PARIS' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.location.address.postalCode', message: 'must be 3 to 10 letters, digits, spaces or dashes' } },
  { name: 'a country name instead of its code', body: address({ country: 'France' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.location.address.country', message: 'must be a two-letter country code, such as FR' } },
  { name: 'an e-mail without @', body: contact({ email: 'ada-at-example.com' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.contacts.primary.email', message: 'must be an e-mail address, such as name@example.com' } },
  { name: 'a phone made of words', body: contact({ phone: 'call reception' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.contacts.primary.phone', message: 'must be a phone number, such as +33 6 12 34 56 78' } },
  { name: 'a contact without last name', body: contact({ lastName: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'properties.contacts.primary.lastName', message: 'is required' } },
  { name: 'a bandwidth not offered', body: options({ bandwidthMbps: 42 }), code: ERROR_CODE.invalidField, issue: { path: 'properties.options.bandwidthMbps', message: 'must be one of: 10, 20, 50, 100, 200, 500, 1000' } },
  { name: 'a bandwidth as text', body: options({ bandwidthMbps: '100' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.options.bandwidthMbps', message: 'must be one of: 10, 20, 50, 100, 200, 500, 1000' } },
  { name: 'staticIp as text', body: options({ bandwidthMbps: 100, staticIp: 'yes' }), code: ERROR_CODE.invalidField, issue: { path: 'properties.options.staticIp', message: 'must be true or false' } },
  {
    name: 'an Ethernet link with no VLAN',
    body: () => ({ ...validBody(today, { type: 'ETHERNET_LINK' }), properties: { ...(validBody(today).properties as Body), options: { bandwidthMbps: 100, vlans: [] } } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.vlans', message: 'must have at least 1 item' },
  },
  {
    name: 'a VLAN id over 4094',
    body: () => ({ ...validBody(today, { type: 'ETHERNET_LINK' }), properties: { ...(validBody(today).properties as Body), options: { bandwidthMbps: 100, vlans: [{ vlanId: 5000, label: 'data' }] } } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.vlans[0].vlanId', message: 'must be at most 4094' },
  },
  { name: 'a cancellation with a malformed requestId', body: () => actingOnBody(today, 'REQUEST_CANCELLATION', 'R-1'), code: ERROR_CODE.invalidField, issue: { path: 'requestId', message: 'must be a request identifier, such as REQ00001234' } },
  { name: 'a modification without requestId', body: () => ({ ...actingOnBody(today, 'INTERNET_ACCESS_CHANGE', 'REQ00000001'), requestId: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'requestId', message: 'is required' } },
  { name: 'a termination with a malformed service point', body: () => terminationBody(today, 'SITE-12'), code: ERROR_CODE.invalidField, issue: { path: 'properties.servicePoint.id', message: 'must be a service point identifier, such as SP00001234' } },
  { name: 'a body over 8 MiB', body: () => validBody(today, { comment: 'x'.repeat(REQUEST_BODY_MAX_BYTES) }), code: ERROR_CODE.payloadTooLarge, description: /larger than 8388608 bytes/ },
]

describe('POST /requests refuses a malformed body with 400 and stores nothing', () => {
  it('has at least 30 distinct body cases', () => {
    expect(new Set(BODY_CASES.map((c) => c.name)).size).toBe(BODY_CASES.length)
    expect(BODY_CASES.length).toBeGreaterThanOrEqual(30)
  })

  it.each(BODY_CASES)('$name', async ({ body, code, issue, description }) => {
    const before = await t.countRequests(token)
    const text = typeof body === 'string' ? body : JSON.stringify(body())
    const error = await expectApiError(await t.call('/requests', { token, body: text }), 400, code, JSON_UTF8)
    if (issue) expect(error.fields?.[0]).toEqual(issue)
    else expect(error.fields).toBeUndefined()
    if (description) expect(error.description).toMatch(description)
    else expect(error.description).toBe(`${issue!.path} ${issue!.message}.`)
    expect(await t.countRequests(token)).toBe(before)
  })

  it('gives every invalid field, not only the first', async () => {
    const body = validBody(today, { contract: 'TOO-LONG-CONTRACT', customerReference: '', requestedAt: 'soon' })
    const error = await expectApiError(await t.call('/requests', { token, json: body }), 400, ERROR_CODE.invalidField, JSON_UTF8)
    expect(error.fields?.map((f) => f.path).sort()).toEqual(['contract', 'customerReference', 'requestedAt'])
  })
})

interface QueryCase {
  path: string
  code: number
  issue: { path: string; message: string }
  contentType?: string
}

const ONE_OF_STATUSES = 'must be one of: NEW, IN_PROGRESS, COMPLETED, REJECTED'
const QUERY_CASES: QueryCase[] = [
  { path: '/requests?foo=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'foo', message: 'is not a known parameter' } },
  { path: '/requests?pageSize=10', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'pageSize', message: 'is not a known parameter' } },
  { path: '/requests?limit=101', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be at most 100' } },
  { path: '/requests?limit=0', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be at least 1' } },
  { path: '/requests?limit=abc', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?limit=1.5', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?limit=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?offset=-1', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'must be at least 0' } },
  { path: '/requests?offset=1e3', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'must be a whole number' } },
  { path: '/requests?status=NEW&status=REJECTED', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status', message: 'is given more than once' } },
  { path: '/requests?status=FOO', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[0]', message: ONE_OF_STATUSES } },
  { path: '/requests?status=NEW,', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[1]', message: ONE_OF_STATUSES } },
  { path: '/requests?status=new', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[0]', message: ONE_OF_STATUSES } },
  { path: '/requests?sort=foo', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'sort[0].field', message: `must be one of: ${SORTABLE_REQUEST_FIELDS.join(', ')}` } },
  { path: '/requests?sort=-created_at', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'sort[0]', message: 'must list field names separated by commas, each with - in front to sort descending' } },
  { path: '/requests?sort=createdAt,,name', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'sort[1]', message: 'must list field names separated by commas, each with - in front to sort descending' } },
  { path: '/requests?fields=nope', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'fields[0]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` } },
  { path: '/requests?createdAt=2026-13-01', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'createdAt', message: 'must be a date written YYYY-MM-DD' } },
  { path: '/requests?createdAt.gte=yesterday', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'createdAt.gte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' } },
  { path: '/requests?updatedAt.lte=2026-05-04T25:00:00Z', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'updatedAt.lte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' } },
  { path: '/requests?keyDates.requestedAt.gte=2026/05/01', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'keyDates.requestedAt.gte', message: 'must be a date written YYYY-MM-DD' } },
  { path: '/requests?keyDates.requestedAt=2026-02-30', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'keyDates.requestedAt', message: 'must be a date written YYYY-MM-DD' } },
  { path: '/requests?isOverdue=yes', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isOverdue', message: 'must be true or false' } },
  { path: '/requests?displayNulls=1', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'displayNulls', message: 'must be true or false' } },
  { path: '/requests?category=creations', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'category[0]', message: 'must be one of: creation, modification, termination, cancellation' } },
  { path: '/requests?subStep=DONE,FINISHED', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'subStep[1]', message: 'must be one of: INITIATION, VALIDATION, PLANNING, INSTALLATION, ACTIVATION, DONE' } },
  { path: '/requests?id=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'id[0]', message: 'must not be empty' } },
  { path: `/requests?customerReference=${'x'.repeat(20)}`, code: ERROR_CODE.invalidQueryParameter, issue: { path: 'customerReference[0]', message: 'must be at most 19 characters, you have 20' } },
  { path: '/requests/aggregate?groupBy=nope', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'groupBy', message: 'must be one of: status, step, subStep, type, category, isOverdue, isArchived, customer.id' } },
  { path: '/requests/aggregate?groupBy=status&groupBy=type', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'groupBy', message: 'is given more than once' } },
  { path: '/requests/aggregate?limit=5', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'limit', message: 'is not a known parameter' } },
  { path: '/requests/REQ00000001?fields=id', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'fields', message: 'is not a known parameter' } },
  { path: '/requests/REQ00000001?displayLinks=yes', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'displayLinks', message: 'must be true or false' } },
  { path: '/catalogItems?limit=0', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be at least 1' } },
  { path: '/catalogItems?category=creations', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'category[0]', message: 'must be one of: creation, modification, termination, cancellation' } },
  { path: `/catalogItems?q=${'q'.repeat(101)}`, code: ERROR_CODE.invalidQueryParameter, issue: { path: 'q', message: 'must be at most 100 characters, you have 101' } },
  { path: '/catalogItems/CI-INTERNET-ACCESS?offset=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'offset', message: 'is not a known parameter' } },
  { path: '/doc?format=yaml', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'format', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
  { path: '/me?limit=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'limit', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
  { path: '/version?v=2', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'v', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
]

describe('query parameters are checked, naming the parameter', () => {
  it('has at least 30 distinct query cases', () => {
    expect(new Set(QUERY_CASES.map((c) => c.path)).size).toBe(QUERY_CASES.length)
    expect(QUERY_CASES.length).toBeGreaterThanOrEqual(30)
  })

  it.each(QUERY_CASES)('GET $path', async ({ path, code, issue, contentType }) => {
    const error = await expectApiError(await t.call(path, { token }), 400, code, contentType ?? JSON_PLAIN)
    expect(error.fields).toEqual([issue])
    expect(error.description).toEqual(
      issue.message === 'is given more than once'
        ? `${issue.path} is given more than once; give it once, with values separated by commas.`
        : `${issue.path} ${issue.message}.`,
    )
  })

  it('names the bound of limit in the description', async () => {
    const error = await expectApiError(await t.call('/requests?limit=101', { token }), 400, ERROR_CODE.invalidQueryParameter)
    expect(error.description).toBe('limit must be at most 100.')
  })

  it('explains a bad parameter in French when asked', async () => {
    const error = await expectApiError(await t.call('/requests?limit=101', { token, language: 'fr' }), 400, ERROR_CODE.invalidQueryParameter)
    expect(error).toMatchObject({ message: 'Paramètre de requête invalide', description: 'limit doit être au plus 100.' })
  })
})
