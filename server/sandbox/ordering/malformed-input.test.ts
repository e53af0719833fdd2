import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { REQUEST_FIELDS } from '@contract/request'
import { addDaysToIsoDate, REQUEST_BODY_MAX_BYTES } from '@contract/request-bodies'
import { SORTABLE_REQUEST_FIELDS } from '@contract/request-query'
import { actingOnBody, expectApiError, JSON_PLAIN, JSON_UTF8, startTestApp, terminationBody, validBody, type TestApp } from '../../../test/test-app'

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
  {
    name: 'an empty object',
    body: () => ({}),
    code: ERROR_CODE.invalidField,
    issue: { path: 'type', message: 'is required' },
    description: /^4 fields are invalid; the first: type is required\.$/,
  },
  { name: 'no type', body: field({ type: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'is required' } },
  { name: 'a numeric type', body: field({ type: 7 }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'must be text' } },
  { name: 'a blank type', body: field({ type: '   ' }), code: ERROR_CODE.invalidField, issue: { path: 'type', message: 'must not be empty' } },
  { name: 'no requestedAt', body: field({ requestedAt: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'is required' } },
  {
    name: 'a requestedAt written DD/MM/YYYY',
    body: field({ requestedAt: '11/05/2026' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' },
  },
  {
    name: 'a requestedAt that does not exist',
    body: field({ requestedAt: '2026-02-30' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' },
  },
  {
    name: 'a requestedAt timestamp',
    body: field({ requestedAt: '2026-06-01T10:00:00Z' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestedAt', message: 'must be a date written YYYY-MM-DD' },
  },
  {
    name: 'a numeric requestedAt',
    body: field({ requestedAt: 20260601 }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestedAt', message: 'must be text' },
  },
  { name: 'no contract', body: field({ contract: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'is required' } },
  { name: 'a numeric contract', body: field({ contract: 101 }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'must be text' } },
  { name: 'a blank contract', body: field({ contract: '  ' }), code: ERROR_CODE.invalidField, issue: { path: 'contract', message: 'must not be empty' } },
  {
    name: 'a numeric customerReference',
    body: field({ customerReference: 12 }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'customerReference', message: 'must be text' },
  },
  {
    name: 'an empty customerReference',
    body: field({ customerReference: '' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'customerReference', message: 'must not be empty' },
  },
  { name: 'no attachments', body: field({ attachments: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'attachments', message: 'is required' } },
  {
    name: 'attachments as an object',
    body: field({ attachments: {} }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'attachments', message: 'must be a list' },
  },
  {
    name: 'an attachment that is a string',
    body: field({ attachments: ['plan.pdf'] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'attachments[0]', message: 'must be an object' },
  },
  {
    name: 'a comment of 2001 characters',
    body: field({ comment: 'c'.repeat(2001) }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'comment', message: 'must be at most 2000 characters, you have 2001' },
  },
  {
    name: 'a name of 101 characters',
    body: field({ name: 'n'.repeat(101) }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'name', message: 'must be at most 100 characters, you have 101' },
  },
  { name: 'no properties', body: field({ properties: undefined }), code: ERROR_CODE.invalidField, issue: { path: 'properties', message: 'is required' } },
  {
    name: 'properties as an array',
    body: field({ properties: [] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties', message: 'must be an object' },
  },
  {
    name: 'a location without address',
    body: location({ address: undefined }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.location.address', message: 'is required' },
  },
  {
    name: 'a postal code of 11 characters',
    body: address({ postalCode: '75002 PARIS' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.location.address.postalCode', message: 'must be 3 to 10 letters, digits, spaces or dashes' },
  },
  {
    name: 'a country name instead of its code',
    body: address({ country: 'France' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.location.address.country', message: 'must be a two-letter country code, such as FR' },
  },
  {
    name: 'an e-mail without @',
    body: contact({ email: 'ada-at-example.com' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.contacts.primary.email', message: 'must be an e-mail address, such as name@example.com' },
  },
  {
    name: 'a phone made of words',
    body: contact({ phone: 'call reception' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.contacts.primary.phone', message: 'must be a phone number, such as +33 6 12 34 56 78' },
  },
  {
    name: 'a contact without last name',
    body: contact({ lastName: undefined }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.contacts.primary.lastName', message: 'is required' },
  },
  {
    name: 'a bandwidth not offered',
    body: options({ bandwidthMbps: 42 }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: 'must be one of: 10, 20, 50, 100, 200, 500, 1000' },
  },
  {
    name: 'a bandwidth as text',
    body: options({ bandwidthMbps: '100' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: 'must be one of: 10, 20, 50, 100, 200, 500, 1000' },
  },
  {
    name: 'staticIp as text',
    body: options({ bandwidthMbps: 100, staticIp: 'yes' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.staticIp', message: 'must be true or false' },
  },
  {
    name: 'an Ethernet link with no VLAN',
    body: () => ({
      ...validBody(today, { type: 'ETHERNET_LINK' }),
      properties: { ...(validBody(today).properties as Body), options: { bandwidthMbps: 100, vlans: [] } },
    }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.vlans', message: 'must have at least 1 item' },
  },
  {
    name: 'a VLAN id over 4094',
    body: () => ({
      ...validBody(today, { type: 'ETHERNET_LINK' }),
      properties: { ...(validBody(today).properties as Body), options: { bandwidthMbps: 100, vlans: [{ vlanId: 5000, label: 'data' }] } },
    }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.vlans[0].vlanId', message: 'must be at most 4094' },
  },
  {
    name: 'a cancellation with a malformed requestId',
    body: () => actingOnBody(today, 'REQUEST_CANCELLATION', 'R-1'),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestId', message: 'must be a request identifier, such as REQ00001234' },
  },
  {
    name: 'a modification without requestId',
    body: () => ({ ...actingOnBody(today, 'INTERNET_ACCESS_CHANGE', 'REQ00000001'), requestId: undefined }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestId', message: 'is required' },
  },
  {
    name: 'a termination with a malformed service point',
    body: () => terminationBody(today, 'SITE-12'),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.servicePoint.id', message: 'must be a service point identifier, such as SP00001234' },
  },
  {
    name: 'a body over 8 MiB',
    body: () => validBody(today, { comment: 'x'.repeat(REQUEST_BODY_MAX_BYTES) }),
    code: ERROR_CODE.payloadTooLarge,
    description: /larger than 8388608 bytes/,
  },
]

/** The body of a valid creation as text, with `from` replaced by `to`: for what JSON.stringify cannot write. */
const raw = (from: string, to: string) => () => JSON.stringify(validBody(today)).replace(from, to)
const cancellation = (overrides: Body) => (): Body => ({ ...actingOnBody(today, 'REQUEST_CANCELLATION', 'REQ00000001'), ...overrides })
const modification = (overrides: Body) => (): Body => ({ ...actingOnBody(today, 'INTERNET_ACCESS_CHANGE', 'REQ00000001'), ...overrides })
const termination = (overrides: Body) => (): Body => ({ ...terminationBody(today, 'SP00000001'), ...overrides })
const TOO_SOON = () => ({ path: 'requestedAt', message: `must be on or after ${addDaysToIsoDate(today, 7)} (today plus 7 days)` })
const BANDWIDTHS = 'must be one of: 10, 20, 50, 100, 200, 500, 1000'

/**
 * Hostile bodies (docs/decisions/0020-hostile-input-and-faults.md), across the four variants: wrong types, arrays for
 * objects, huge strings, deep or wide JSON, NaN-ish numbers, dates too soon, references and contracts one too long.
 * `issue` as a function when it depends on today.
 */
const HOSTILE_BODY_CASES: (Omit<BodyCase, 'issue' | 'body'> & { body: string | (() => unknown); issue?: BodyCase['issue'] | (() => BodyCase['issue']) })[] = [
  {
    name: 'NaN written as a JSON literal',
    body: () => raw('"bandwidthMbps":100', '"bandwidthMbps":NaN')(),
    code: ERROR_CODE.malformedBody,
    description: /^The body is not valid JSON: /,
  },
  {
    name: 'a bandwidth of "NaN"',
    body: options({ bandwidthMbps: 'NaN' }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: BANDWIDTHS },
  },
  {
    name: 'a bandwidth of 1e999 (Infinity)',
    body: () => raw('"bandwidthMbps":100', '"bandwidthMbps":1e999')(),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: BANDWIDTHS },
  },
  {
    name: 'a negative bandwidth',
    body: options({ bandwidthMbps: -100 }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: BANDWIDTHS },
  },
  { name: 'a requestedAt tomorrow (too soon)', body: () => validBody(today, {}, 1), code: ERROR_CODE.invalidField, issue: TOO_SOON },
  { name: 'a requestedAt in the past', body: () => validBody(today, {}, -30), code: ERROR_CODE.invalidField, issue: TOO_SOON },
  { name: 'a requestedAt of true', body: field({ requestedAt: true }), code: ERROR_CODE.invalidField, issue: { path: 'requestedAt', message: 'must be text' } },
  {
    name: 'a customerReference of 19 characters',
    body: field({ customerReference: 'R'.repeat(19) }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'customerReference', message: 'must be at most 18 characters, you have 19' },
  },
  {
    name: 'a contract of 11 characters',
    body: field({ contract: 'C'.repeat(11) }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'contract', message: 'must be at most 10 characters, you have 11' },
  },
  {
    name: 'a name of 100,000 characters',
    body: field({ name: 'n'.repeat(100_000) }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'name', message: 'must be at most 100 characters, you have 100000' },
  },
  {
    name: 'a type given as an array',
    body: field({ type: ['INTERNET_ACCESS'] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'type', message: 'must be text' },
  },
  {
    name: 'a type given as a query operator',
    body: field({ type: { $ne: null } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'type', message: 'must be text' },
  },
  {
    name: 'a location given as an array',
    body: withProperties((p) => ({ ...p, location: [] })),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.location', message: 'must be an object' },
  },
  {
    name: 'contacts of null',
    body: withProperties((p) => ({ ...p, contacts: null })),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.contacts', message: 'must be an object' },
  },
  {
    name: 'an attachment body that is not base64',
    body: field({ attachments: [{ name: 'a.pdf', body: '%%%' }] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'attachments[0].body', message: 'must be base64-encoded content' },
  },
  {
    name: 'an attachment without name',
    body: field({ attachments: [{ body: 'AAAA' }] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'attachments[0].name', message: 'is required' },
  },
  {
    name: 'properties nested 40 arrays deep',
    body: () => raw('"bandwidthMbps":100', `"bandwidthMbps":100,"x":${'['.repeat(40)}${']'.repeat(40)}`)(),
    code: ERROR_CODE.malformedBody,
    description: /more than 32 levels deep/,
  },
  {
    name: 'properties nested 4,109 objects deep',
    body: () => raw('"bandwidthMbps":100', `"bandwidthMbps":100,"x":${'{"x":'.repeat(4109)}1${'}'.repeat(4109)}`)(),
    code: ERROR_CODE.malformedBody,
    description: /more than 32 levels deep/,
  },
  { name: '1,001 attachments', body: field({ attachments: new Array(1001).fill(null) }), code: ERROR_CODE.malformedBody, description: /more than 1000 items/ },
  {
    name: 'options with 300 keys',
    body: options(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]))),
    code: ERROR_CODE.malformedBody,
    description: /more than 256 keys/,
  },
  {
    name: 'a cancellation without requestId',
    body: cancellation({ requestId: undefined }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestId', message: 'is required' },
  },
  {
    name: 'a cancellation with a numeric requestId',
    body: cancellation({ requestId: 12345678 }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'requestId', message: 'must be text' },
  },
  { name: 'a cancellation wanted today', body: () => cancellation({ requestedAt: today })(), code: ERROR_CODE.invalidField, issue: TOO_SOON },
  {
    name: 'a modification with properties as an array',
    body: modification({ properties: [] }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties', message: 'must be an object' },
  },
  {
    name: 'a modification to a bandwidth not offered',
    body: modification({ properties: { options: { bandwidthMbps: 7 } } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.options.bandwidthMbps', message: BANDWIDTHS },
  },
  {
    name: 'a termination without service point',
    body: termination({ properties: {} }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.servicePoint', message: 'is required' },
  },
  {
    name: 'a termination with a numeric service point id',
    body: termination({ properties: { servicePoint: { id: 1 } } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.servicePoint.id', message: 'must be text' },
  },
  {
    name: 'a termination with the service point as an array',
    body: termination({ properties: { servicePoint: ['SP00000001'] } }),
    code: ERROR_CODE.invalidField,
    issue: { path: 'properties.servicePoint', message: 'must be an object' },
  },
  { name: 'a termination wanted today', body: () => termination({ requestedAt: today })(), code: ERROR_CODE.invalidField, issue: TOO_SOON },
]

describe('POST /requests refuses a malformed body with 400 and stores nothing', () => {
  it('has at least 50 distinct body cases', () => {
    const names = [...BODY_CASES, ...HOSTILE_BODY_CASES].map((c) => c.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeGreaterThanOrEqual(50)
  })

  it.each(HOSTILE_BODY_CASES)('$name', async ({ body, code, issue: issueOf, description }) => {
    const before = await t.countRequests(token)
    const text = typeof body === 'string' ? body : typeof body() === 'string' ? (body() as string) : JSON.stringify(body())
    const error = await expectApiError(await t.call('/requests', { token, body: text }), 400, code, JSON_UTF8)
    const issue = typeof issueOf === 'function' ? issueOf() : issueOf
    if (issue) expect(error.fields?.[0]).toEqual(issue)
    else expect(error.fields).toBeUndefined()
    if (description) expect(error.description).toMatch(description)
    expect(await t.countRequests(token)).toBe(before)
  })

  it('stores keys named __proto__ or constructor as data, never on a prototype', async () => {
    const text = JSON.stringify(validBody(today, { customerReference: 'PO-PROTO' }))
      .replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},')
      .replace('"properties":{', '"properties":{"__proto__":{"polluted":true},')
    const created = await t.call('/requests', { token, body: text })
    expect(created.status).toBe(201)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const { id } = (await created.json()) as { id: string }
    const read = (await (await t.call(`/requests/${id}`, { token })).json()) as Record<string, unknown>
    expect(Object.getPrototypeOf(read.properties)).toBe(Object.prototype)
    expect((read.properties as Record<string, unknown>).polluted).toBeUndefined()
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
  {
    path: '/requests?sort=foo',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0].field', message: `must be one of: ${SORTABLE_REQUEST_FIELDS.join(', ')}` },
  },
  {
    path: '/requests?sort=-created_at',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0]', message: 'must list field names separated by commas, each with - in front to sort descending' },
  },
  {
    path: '/requests?sort=createdAt,,name',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[1]', message: 'must list field names separated by commas, each with - in front to sort descending' },
  },
  {
    path: '/requests?fields=nope',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'fields[0]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` },
  },
  {
    path: '/requests?createdAt=2026-13-01',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'createdAt', message: 'must be a date written YYYY-MM-DD' },
  },
  {
    path: '/requests?createdAt.gte=yesterday',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'createdAt.gte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' },
  },
  {
    path: '/requests?updatedAt.lte=2026-05-04T25:00:00Z',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'updatedAt.lte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' },
  },
  {
    path: '/requests?keyDates.requestedAt.gte=2026/05/01',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'keyDates.requestedAt.gte', message: 'must be a date written YYYY-MM-DD' },
  },
  {
    path: '/requests?keyDates.requestedAt=2026-02-30',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'keyDates.requestedAt', message: 'must be a date written YYYY-MM-DD' },
  },
  { path: '/requests?isOverdue=yes', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isOverdue', message: 'must be true or false' } },
  { path: '/requests?displayNulls=1', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'displayNulls', message: 'must be true or false' } },
  {
    path: '/requests?category=creations',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'category[0]', message: 'must be one of: creation, modification, termination, cancellation' },
  },
  {
    path: '/requests?subStep=DONE,FINISHED',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'subStep[1]', message: 'must be one of: INITIATION, VALIDATION, PLANNING, INSTALLATION, ACTIVATION, DONE' },
  },
  { path: '/requests?id=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'id[0]', message: 'must not be empty' } },
  {
    path: `/requests?customerReference=${'x'.repeat(20)}`,
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'customerReference[0]', message: 'must be at most 19 characters, you have 20' },
  },
  // Hostile list queries (docs/decisions/0020-hostile-input-and-faults.md).
  { path: '/requests?limit=-5', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be at least 1' } },
  { path: '/requests?limit=1e2', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?limit=0x10', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?limit=%20', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be a whole number' } },
  { path: '/requests?offset=abc', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'must be a whole number' } },
  { path: '/requests?offset=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'must be a whole number' } },
  { path: '/requests?offset=1.0', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'must be a whole number' } },
  { path: '/requests?status=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[0]', message: ONE_OF_STATUSES } },
  { path: '/requests?status=NEW,,COMPLETED', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[1]', message: ONE_OF_STATUSES } },
  { path: '/requests?status[]=NEW', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'status[]', message: 'is not a known parameter' } },
  { path: '/requests?status=%00', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'status[0]', message: ONE_OF_STATUSES } },
  {
    path: '/requests?sort=',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0]', message: 'must list field names separated by commas, each with - in front to sort descending' },
  },
  {
    path: '/requests?sort=--createdAt',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0]', message: 'must list field names separated by commas, each with - in front to sort descending' },
  },
  {
    path: '/requests?sort=createdAt;DROP%20TABLE',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0]', message: 'must list field names separated by commas, each with - in front to sort descending' },
  },
  {
    path: '/requests?sort=properties',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'sort[0].field', message: `must be one of: ${SORTABLE_REQUEST_FIELDS.join(', ')}` },
  },
  { path: '/requests?fields=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'fields[0]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` } },
  {
    path: '/requests?fields=id,,name',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'fields[1]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` },
  },
  {
    path: '/requests?fields=__proto__',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'fields[0]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` },
  },
  {
    path: '/requests?fields=constructor',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'fields[0]', message: `must be one of: ${REQUEST_FIELDS.join(', ')}` },
  },
  { path: '/requests?__proto__=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: '__proto__', message: 'is not a known parameter' } },
  { path: '/requests?constructor=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'constructor', message: 'is not a known parameter' } },
  { path: '/requests?createdAt=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'createdAt', message: 'must be a date written YYYY-MM-DD' } },
  { path: '/requests?createdAt=2026-5-1', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'createdAt', message: 'must be a date written YYYY-MM-DD' } },
  {
    path: '/requests?createdAt.gte=2026-05-04T10:00:00',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'createdAt.gte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' },
  },
  {
    path: '/requests?createdAt.lte=2026-02-30',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'createdAt.lte', message: 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)' },
  },
  { path: '/requests?updatedAt=tomorrow', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'updatedAt', message: 'must be a date written YYYY-MM-DD' } },
  {
    path: '/requests?keyDates.requestedAt=NaN',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'keyDates.requestedAt', message: 'must be a date written YYYY-MM-DD' },
  },
  { path: '/requests?isOverdue=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isOverdue', message: 'must be true or false' } },
  { path: '/requests?isOverdue=TRUE', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isOverdue', message: 'must be true or false' } },
  { path: '/requests?isOverdue=null', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isOverdue', message: 'must be true or false' } },
  { path: '/requests?isArchived=1', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'isArchived', message: 'must be true or false' } },
  { path: '/requests?displayLinks=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'displayLinks', message: 'must be true or false' } },
  {
    path: '/requests?category=CREATION',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'category[0]', message: 'must be one of: creation, modification, termination, cancellation' },
  },
  { path: '/requests?type=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'type[0]', message: 'must not be empty' } },
  { path: '/requests?step=FOO', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'step[0]', message: 'must be one of: ORDER, DELIVERY, CLOSURE' } },
  {
    path: `/requests?id=${'x'.repeat(65)}`,
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'id[0]', message: 'must be at most 64 characters, you have 65' },
  },
  { path: '/requests?customerReference=', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'customerReference[0]', message: 'must not be empty' } },
  { path: '/requests?limit=10&limit=20', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'is given more than once' } },
  { path: '/requests?offset=1&offset=2', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'offset', message: 'is given more than once' } },
  { path: '/requests?sort=name&sort=id', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'sort', message: 'is given more than once' } },
  { path: '/requests?x-api-key=a&x-api-key=b', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'x-api-key', message: 'is given more than once' } },
  {
    path: '/requests?subStep=',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'subStep[0]', message: 'must be one of: INITIATION, VALIDATION, PLANNING, INSTALLATION, ACTIVATION, DONE' },
  },
  {
    path: '/requests/aggregate?groupBy=nope',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'groupBy', message: 'must be one of: status, step, subStep, type, category, isOverdue, isArchived, customer.id' },
  },
  {
    path: '/requests/aggregate?groupBy=status&groupBy=type',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'groupBy', message: 'is given more than once' },
  },
  { path: '/requests/aggregate?limit=5', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'limit', message: 'is not a known parameter' } },
  { path: '/requests/REQ00000001?fields=id', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'fields', message: 'is not a known parameter' } },
  { path: '/requests/REQ00000001?displayLinks=yes', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'displayLinks', message: 'must be true or false' } },
  { path: '/catalogItems?limit=0', code: ERROR_CODE.invalidQueryParameter, issue: { path: 'limit', message: 'must be at least 1' } },
  {
    path: '/catalogItems?category=creations',
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'category[0]', message: 'must be one of: creation, modification, termination, cancellation' },
  },
  {
    path: `/catalogItems?q=${'q'.repeat(101)}`,
    code: ERROR_CODE.invalidQueryParameter,
    issue: { path: 'q', message: 'must be at most 100 characters, you have 101' },
  },
  { path: '/catalogItems/CI-INTERNET-ACCESS?offset=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'offset', message: 'is not a known parameter' } },
  { path: '/doc?format=yaml', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'format', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
  { path: '/me?limit=1', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'limit', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
  { path: '/version?v=2', code: ERROR_CODE.unknownQueryParameter, issue: { path: 'v', message: 'is not a known parameter' }, contentType: JSON_UTF8 },
]

describe('query parameters are checked, naming the parameter', () => {
  it('has at least 50 distinct cases of GET /requests, and more of other endpoints', () => {
    expect(new Set(QUERY_CASES.map((c) => c.path)).size).toBe(QUERY_CASES.length)
    expect(QUERY_CASES.filter((c) => c.path.startsWith('/requests?')).length).toBeGreaterThanOrEqual(50)
  })

  it.each(QUERY_CASES)('GET $path', async ({ path, code, issue, contentType }) => {
    const before = await t.countRequests(token)
    const error = await expectApiError(await t.call(path, { token }), 400, code, contentType ?? JSON_PLAIN)
    expect(error.fields).toEqual([issue])
    expect(error.description).toEqual(
      issue.message === 'is given more than once'
        ? `${issue.path} is given more than once; give it once, with values separated by commas.`
        : `${issue.path} ${issue.message}.`,
    )
    expect(await t.countRequests(token)).toBe(before)
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
