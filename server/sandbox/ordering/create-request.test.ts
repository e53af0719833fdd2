import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { SCOPE } from '@contract/misc'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { addDaysToIsoDate, ATTACHMENT_MAX_BYTES } from '@contract/request-bodies'
import { actingOnBody, createOk, expectApiError, JSON_UTF8, startTestApp, TEST_SITE, terminationBody, validBody, type TestApp } from '../../../test/test-app'

let t: TestApp
let token: string
let before: number

beforeAll(async () => {
  t = startTestApp()
  token = await t.mintToken()
})
afterAll(() => t.close())

/** POST /requests answers `status` `code` in application/json;charset=utf-8, and nothing was stored. */
async function expectRefused(body: unknown, status: 400 | 403 | 422, code: number, options: { token?: string; language?: string } = {}) {
  before = await t.countRequests(token)
  const response = await t.call('/requests', { token: options.token ?? token, json: body, ...(options.language ? { language: options.language } : {}) })
  const error = await expectApiError(response, status, code, JSON_UTF8)
  expect(await t.countRequests(token)).toBe(before)
  return error
}

/** The first request of the customer matching `query`. */
async function firstRequest(query: string, as = token): Promise<{ id: string; status: string; properties: { servicePoint?: { id: string } } }> {
  const list = (await (await t.call(`/requests?limit=1&${query}`, { token: as })).json()) as never[]
  expect(list).toHaveLength(1)
  return list[0]!
}

describe('requestedAt: at least today + 7 days on the sandbox clock', () => {
  it('accepts exactly today + 7', async () => {
    const { request } = await createOk(t, token, validBody(t.today(), {}, 7))
    expect(ZRequest.parse(request).keyDates.requestedAt).toBe(addDaysToIsoDate(t.today(), 7))
  })

  it('refuses today + 6, naming the earliest date', async () => {
    const error = await expectRefused(validBody(t.today(), {}, 6), 400, ERROR_CODE.invalidField)
    const earliest = addDaysToIsoDate(t.today(), 7)
    expect(error.fields).toEqual([{ path: 'requestedAt', message: `must be on or after ${earliest} (today plus 7 days)` }])
    expect(error.description).toBe(`requestedAt must be on or after ${earliest} (today plus 7 days).`)
  })

  it('moves with the sandbox clock', async () => {
    const tooSoonTomorrow = validBody(t.today(), {}, 7)
    await t.advanceSandbox({ days: 1 })
    await expectRefused(tooSoonTomorrow, 400, ERROR_CODE.invalidField)
    await createOk(t, token, validBody(t.today(), {}, 7))
  })
})

describe('customerReference: at most 18 characters', () => {
  it('accepts 18', async () => {
    const { request } = await createOk(t, token, validBody(t.today(), { customerReference: 'R'.repeat(18) }))
    expect(request.customerReference).toBe('R'.repeat(18))
  })

  it('refuses 19 with a message naming 18 and the length', async () => {
    const error = await expectRefused(validBody(t.today(), { customerReference: 'R'.repeat(19) }), 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path: 'customerReference', message: 'must be at most 18 characters, you have 19' }])
  })

  it('is optional', async () => {
    const { request } = await createOk(t, token, validBody(t.today(), { customerReference: undefined }))
    expect(request).not.toHaveProperty('customerReference')
  })
})

describe('contract: at most 10 characters, one of the customer’s', () => {
  it('accepts a contract of exactly 10 characters', async () => {
    const { request } = await createOk(t, token, validBody(t.today(), { contract: 'ACM-000103' }))
    expect(request.contract).toBe('ACM-000103')
  })

  it('refuses 11 characters with a 400', async () => {
    const error = await expectRefused(validBody(t.today(), { contract: 'ACM-0001011' }), 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path: 'contract', message: 'must be at most 10 characters, you have 11' }])
  })

  it('refuses an unknown contract with a 422 code 102', async () => {
    const error = await expectRefused(validBody(t.today(), { contract: 'ACM-999999' }), 422, ERROR_CODE.unknownContract)
    expect(error.description).toBe('Contract ACM-999999 is not one of your company’s contracts. GET /me lists them.')
  })

  it('refuses another customer’s contract with a 422 code 102', async () => {
    await expectRefused(validBody(t.today(), { contract: 'BHL-000101' }), 422, ERROR_CODE.unknownContract)
    const other = await t.mintToken({ customerId: 'C002' })
    await createOk(t, other, validBody(t.today(), { contract: 'BHL-000101' }))
  })
})

describe('type', () => {
  it('refuses a type no catalog item has with a 422 code 101', async () => {
    const error = await expectRefused(validBody(t.today(), { type: 'SATELLITE_LINK' }), 422, ERROR_CODE.unknownRequestType)
    expect(error.description).toContain('SATELLITE_LINK')
  })

  it('holds BVPN types to ^[CMR]_BVPN_.*$', async () => {
    // A catalog item published with a BVPN variant but a type outside the pattern: its bodies cannot pass.
    await t.control('catalogItems', {
      id: 'CI-X-BVPN',
      type: 'X_BVPN_SITE',
      name: 'Odd VPN site',
      description: 'Outside the pattern',
      variant: 'createBvpnAutomatic',
      schema: { type: 'object' },
    })
    const body = validBody(t.today(), { type: 'X_BVPN_SITE', properties: { network: { id: 'NET-ACM-1' }, location: TEST_SITE } })
    const error = await expectRefused(body, 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path: 'type', message: 'must match ^[CMR]_BVPN_.*$, such as C_BVPN_SITE' }])
  })

  it('creates a BVPN site with network and location, and refuses one without network', async () => {
    const properties = { network: { id: 'NET-ACM-1' }, location: TEST_SITE, profile: 'GOLD' }
    const { request } = await createOk(t, token, validBody(t.today(), { type: 'C_BVPN_SITE', properties }))
    expect(request).toMatchObject({ type: 'C_BVPN_SITE', category: 'creation', properties })
    const error = await expectRefused(validBody(t.today(), { type: 'C_BVPN_SITE', properties: { location: TEST_SITE } }), 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path: 'properties.network', message: 'is required' }])
  })

  it('requires contacts and servicePoint to remove a VPN site automatically, servicePoint only with a technician', async () => {
    const removal = { ...terminationBody(t.today(), 'SP00000001'), type: 'R_BVPN_SITE' }
    const error = await expectRefused(removal, 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path: 'properties.contacts', message: 'is required' }])
    const assisted = { ...terminationBody(t.today(), 'SP00000001'), type: 'R_BVPN_SITE_ASSISTED', properties: undefined }
    const assistedError = await expectRefused(assisted, 400, ERROR_CODE.invalidField)
    expect(assistedError.fields).toEqual([{ path: 'properties', message: 'is required' }])
  })

  it('allows extra top-level properties', async () => {
    await createOk(t, token, validBody(t.today(), { myTrackingTag: 'abc' }))
  })
})

describe('attachments: a name and a base64 body of at most 1 MiB', () => {
  it('stores them and lists their name and decoded size', async () => {
    const body = validBody(t.today(), {
      attachments: [
        { name: 'plan.txt', body: Buffer.from('Site plan').toString('base64'), mimeType: 'text/plain' },
        { name: 'exactly-1MiB.bin', body: Buffer.alloc(ATTACHMENT_MAX_BYTES, 7).toString('base64') },
      ],
    })
    const { request } = await createOk(t, token, body)
    expect(ZRequest.parse(request).attachments).toEqual([
      { id: `${request.id}-A1`, name: 'plan.txt', size: 9, mimeType: 'text/plain' },
      { id: `${request.id}-A2`, name: 'exactly-1MiB.bin', size: ATTACHMENT_MAX_BYTES },
    ])
  })

  it.each([
    ['without a name', [{ body: 'aGVsbG8=' }], 'attachments[0].name', 'is required'],
    ['without a body', [{ name: 'a.txt' }], 'attachments[0].body', 'is required'],
    ['with a body that is not base64', [{ name: 'a.txt', body: 'not base64!' }], 'attachments[0].body', 'must be base64-encoded content'],
    [
      'one byte over 1 MiB once decoded',
      [{ name: 'big.bin', body: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1).toString('base64') }],
      'attachments[0].body',
      'must be at most 1 MiB once decoded',
    ],
    ['more than five', Array.from({ length: 6 }, (_, i) => ({ name: `${i}.txt`, body: 'aGVsbG8=' })), 'attachments', 'must have at most 5 items'],
  ])('refuses an attachment %s', async (_, attachments, path, message) => {
    const error = await expectRefused(validBody(t.today(), { attachments }), 400, ERROR_CODE.invalidField)
    expect(error.fields).toEqual([{ path, message }])
  })
})

describe('modifications and cancellations act on an open request of the customer, modifications also on a delivered service', () => {
  let open: string
  beforeEach(async () => {
    open = (await createOk(t, token, validBody(t.today()))).request.id
  })

  it('modifies an open request', async () => {
    const { request } = await createOk(t, token, actingOnBody(t.today(), 'INTERNET_ACCESS_CHANGE', open))
    expect(request).toMatchObject({ category: 'modification', relatedRequestId: open, status: 'NEW' })
  })

  it.each(['INTERNET_ACCESS_CHANGE', 'REQUEST_CANCELLATION'] as const)('%s: refuses a request that does not exist (422 code 103)', async (type) => {
    const error = await expectRefused(actingOnBody(t.today(), type, 'REQ99999999'), 422, ERROR_CODE.targetRequestNotFound)
    expect(error.description).toBe('requestId REQ99999999 does not name a request of your company.')
  })

  it.each(['INTERNET_ACCESS_CHANGE', 'REQUEST_CANCELLATION'] as const)('%s: refuses another customer’s request (422 code 103)', async (type) => {
    const other = await t.mintToken({ customerId: 'C003' })
    const theirs = (await createOk(t, other, validBody(t.today(), { contract: 'COB-000101' }))).request.id
    await expectRefused(actingOnBody(t.today(), type, theirs), 422, ERROR_CODE.targetRequestNotFound)
  })

  const CANNOT_CANCEL = 'only a NEW or IN_PROGRESS request can be cancelled.'
  const CANNOT_MODIFY = 'only a NEW or IN_PROGRESS request, or a delivered service (a COMPLETED creation), can be modified.'
  it.each([
    ['INTERNET_ACCESS_CHANGE', 'REJECTED', 'category=creation&type=INTERNET_ACCESS', CANNOT_MODIFY],
    ['INTERNET_ACCESS_CHANGE', 'COMPLETED', 'category=modification&type=INTERNET_ACCESS_CHANGE', CANNOT_MODIFY],
    ['REQUEST_CANCELLATION', 'COMPLETED', 'category=creation&type=INTERNET_ACCESS', CANNOT_CANCEL],
    ['REQUEST_CANCELLATION', 'REJECTED', 'category=creation&type=INTERNET_ACCESS', CANNOT_CANCEL],
  ] as const)('%s: refuses a %s request (%s) (422 code 104)', async (type, status, query, rule) => {
    const closed = await firstRequest(`status=${status}&${query}`)
    const error = await expectRefused(actingOnBody(t.today(), type, closed.id), 422, ERROR_CODE.targetRequestClosed)
    expect(error.description).toBe(`Request ${closed.id} is ${status}; ${rule}`)
  })

  it('modifies the service a COMPLETED creation delivered, until it is terminated (422 code 104)', async () => {
    const created = (await createOk(t, token, validBody(t.today()))).request.id
    await t.advanceSandbox({ days: 8 })
    const delivered = ZRequest.parse(await (await t.call(`/requests/${created}`, { token })).json())
    expect(delivered.status).toBe('COMPLETED')
    const { request } = await createOk(t, token, actingOnBody(t.today(), 'INTERNET_ACCESS_CHANGE', created))
    expect(request).toMatchObject({ category: 'modification', type: 'INTERNET_ACCESS_CHANGE', relatedRequestId: created, status: 'NEW' })

    const termination = (await createOk(t, token, terminationBody(t.today(), delivered.properties.servicePoint!.id))).request.id
    const error = await expectRefused(actingOnBody(t.today(), 'INTERNET_ACCESS_CHANGE', created), 422, ERROR_CODE.targetRequestClosed)
    expect(error.description).toBe(
      `The service delivered by request ${created} is terminated or has a termination under way (${termination}); it can no longer be modified.`,
    )
    // A delivered service is modified, never cancelled.
    await expectRefused(actingOnBody(t.today(), 'REQUEST_CANCELLATION', created), 422, ERROR_CODE.targetRequestClosed)
  })

  it('refuses to change a VPN site with an access change (422 code 107)', async () => {
    const properties = { network: { id: 'NET-ACM-1' }, location: TEST_SITE }
    const vpn = (await createOk(t, token, validBody(t.today(), { type: 'C_BVPN_SITE', properties }))).request.id
    await expectRefused(actingOnBody(t.today(), 'INTERNET_ACCESS_CHANGE', vpn), 422, ERROR_CODE.targetRequestIncompatible)
  })
})

describe('terminations name a delivered service point of the customer', () => {
  it('refuses an unknown service point (422 code 105)', async () => {
    const error = await expectRefused(terminationBody(t.today(), 'SP99999999'), 422, ERROR_CODE.unknownServicePoint)
    expect(error.description).toBe('Service point SP99999999 is not a delivered service of your company.')
  })

  it('refuses the service point of another customer’s delivered access (422 code 105)', async () => {
    const other = await t.mintToken({ customerId: 'C002' })
    const theirs = await firstRequest('status=COMPLETED&type=INTERNET_ACCESS', other)
    expect(theirs.properties.servicePoint?.id).toMatch(/^SP\d{8}$/)
    await expectRefused(terminationBody(t.today(), theirs.properties.servicePoint!.id), 422, ERROR_CODE.unknownServicePoint)
  })

  it('terminates a delivered access once, then refuses an already-terminated one (422 code 106)', async () => {
    const created = (await createOk(t, token, validBody(t.today()))).request.id
    const seq = Number(created.slice(3))
    const servicePoint = `SP${String(seq).padStart(8, '0')}`
    // Not delivered yet: no service point to terminate.
    await expectRefused(terminationBody(t.today(), servicePoint), 422, ERROR_CODE.unknownServicePoint)
    await t.advanceSandbox({ days: 8 })
    const delivered = ZRequest.parse(await (await t.call(`/requests/${created}`, { token })).json())
    expect(delivered.status).toBe('COMPLETED')
    expect(delivered.properties.servicePoint).toEqual({ id: servicePoint })

    const { request } = await createOk(t, token, terminationBody(t.today(), servicePoint))
    expect(request).toMatchObject({ category: 'termination', relatedRequestId: created, type: 'INTERNET_ACCESS_TERMINATION' })
    const error = await expectRefused(terminationBody(t.today(), servicePoint), 422, ERROR_CODE.servicePointTerminated)
    expect(error.description).toBe(`Service point ${servicePoint} is already terminated or has a termination under way (${request.id}).`)
  })
})

describe('scopes', () => {
  it('refuses a readonly token with 403 code 51, which can still read', async () => {
    const readonly = await t.mintToken({ scopes: [SCOPE.readonly] })
    const error = await expectRefused(validBody(t.today()), 403, ERROR_CODE.insufficientScope, { token: readonly })
    expect(error.description).toContain('b2b:ordering:readonly')
    expect((await t.call('/requests', { token: readonly })).status).toBe(200)
  })

  it('refuses a readonly client-credentials token too', async () => {
    const readonly = await t.clientCredentialsToken(SCOPE.readonly)
    await expectRefused(validBody(t.today()), 403, ERROR_CODE.insufficientScope, { token: readonly })
  })
})

describe('Accept-Language: fr', () => {
  it('explains a refused field in French', async () => {
    const error = await expectRefused(validBody(t.today(), { contract: undefined, customerReference: 'R'.repeat(19) }), 400, ERROR_CODE.invalidField, {
      language: 'fr',
    })
    expect(error.message).toBe('Champ invalide')
    expect(error.fields).toEqual([
      { path: 'customerReference', message: 'doit comporter au plus 18 caractères, vous en avez 19' },
      { path: 'contract', message: 'est obligatoire' },
    ])
    expect(error.description).toBe('2 champs sont invalides ; le premier : customerReference doit comporter au plus 18 caractères, vous en avez 19.')
  })

  it('explains a business refusal in French', async () => {
    const error = await expectRefused(validBody(t.today(), { contract: 'ACM-999999' }), 422, ERROR_CODE.unknownContract, { language: 'fr' })
    expect(error.message).toBe('Contrat inconnu')
    expect(error.description).toBe('Le contrat ACM-999999 n’est pas un contrat de votre société. GET /me les liste.')
  })
})
