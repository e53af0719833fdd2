// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ZCatalogItem, type CatalogItem } from '@contract/catalog'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { startInProcessServer, type InProcessServer } from '../../../../test/in-process-fetch'
import { resolveLocalRefs } from '@contract/json-schema-refs'
import { fieldAt, readFormModel, walkFields, type FormField } from './form-model'
import { emptyValues, entryIssues, toBody, valuesFrom, withoutFiles, type FormValues } from './form-values'
import { genericFormSchema, type GenericFormWords } from './generic-form'
import { schemaFormOf } from './item-form'
import { requestKindOf } from '../item-kind'
import { createBodyValidator, PATTERN_MESSAGE_KEYS } from './form-validation'
import { placeIssues, toFieldErrors } from './form-errors'
import { todayUtc } from '../today'

/**
 * Schema to form and schema to validation, on the catalog the sandbox really publishes (read through the
 * gateway, as the SPA reads it) and on an item added at run time that this code has never seen.
 */
let server: InProcessServer
let items: CatalogItem[]
const today = todayUtc()

async function api(path: string, init?: RequestInit) {
  return fetch(`/api/ordering/v3${path}`, { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init?.headers } })
}

beforeAll(async () => {
  server = startInProcessServer()
  await server.signIn('alice@acme.example')
  items = z.array(ZCatalogItem).parse(await (await api('/catalogItems?limit=100')).json())
})
afterAll(() => server.close())

const itemOf = (type: string) => items.find((item) => item.type === type)!
const modelOf = (type: string) => readFormModel(itemOf(type).schema)
const at = (model: FormField, path: string) => fieldAt(model, path.split('.'))

function filled(overrides: (values: FormValues) => void = () => undefined): FormValues {
  const values = emptyValues(modelOf('ETHERNET_LINK')) as FormValues
  Object.assign(values, { requestedAt: addDaysToIsoDate(today, 7), contract: 'ACM-000101', customerReference: 'PO-FORM-1' })
  const properties = values.properties as Record<string, Record<string, unknown>>
  properties.location = {
    ...properties.location,
    name: 'Lyon',
    address: { street: '2 quai', extendedStreet: '', postalCode: '69002', city: 'Lyon', country: 'FR' },
  }
  properties.contacts = { primary: { title: '', firstName: 'Ada', lastName: 'Lovelace', mobile: '', phone: '+33 4 00 00 00 00', email: '' } }
  properties.billingAccount = { code: 'BA-1' }
  properties.options = { bandwidthMbps: '100', vlans: [{ vlanId: '10', label: 'voice' }] }
  overrides(values)
  return values
}

function messagesFor(type: string, values: FormValues, language: 'en' | 'fr' = 'en') {
  const item = itemOf(type)
  const model = readFormModel(item.schema)
  return Object.fromEntries(
    createBodyValidator(item, model, today)
      .validate(toBody(model, values), language)
      .map((i) => [i.path, i.message]),
  )
}

describe('schema to form', () => {
  it('reads every built-in item without an unknown field, and meets every construct the catalog uses', () => {
    const kinds = new Set<string>()
    for (const item of items) {
      for (const field of walkFields(readFormModel(item.schema))) {
        expect(field.kind, `${item.type} ${field.path.join('.')}`).not.toBe('unknown')
        kinds.add(
          field.kind === 'text'
            ? `text:${field.format}`
            : field.kind === 'enum'
              ? `enum:${typeof field.options[0]}`
              : field.kind === 'number'
                ? `number:${field.integer}`
                : field.kind,
        )
      }
    }
    expect([...kinds].sort()).toEqual(
      [
        'array',
        'boolean',
        'const',
        'enum:number',
        'enum:string',
        'files',
        'number:true',
        'object',
        'text:date',
        'text:email',
        'text:text',
        'text:textarea',
      ].sort(),
    )
  })

  it('makes nested groups, labels, help, required marks, lengths, patterns, bounds and lists from the schema', () => {
    const model = modelOf('ETHERNET_LINK')
    expect(model.children.map((c) => c.key)).toEqual(['type', 'requestedAt', 'customerReference', 'contract', 'name', 'comment', 'properties', 'attachments'])
    expect(at(model, 'type')).toMatchObject({ kind: 'const', value: 'ETHERNET_LINK' })
    expect(at(model, 'requestedAt')).toMatchObject({
      kind: 'text',
      format: 'date',
      required: true,
      label: 'Requested date',
      description: expect.stringContaining('today plus 7 days'),
    })
    expect(at(model, 'customerReference')).toMatchObject({ kind: 'text', required: false, maxLength: 18 })
    expect(at(model, 'comment')).toMatchObject({ kind: 'text', format: 'textarea', maxLength: 2000 })
    expect(at(model, 'properties.location')).toMatchObject({ kind: 'object', label: 'Location', required: true })
    expect(at(model, 'properties.location.address.postalCode')).toMatchObject({
      kind: 'text',
      required: true,
      pattern: '^[A-Za-z0-9 -]{3,10}$',
      label: 'Postal code',
    })
    expect(at(model, 'properties.location.address.extendedStreet')).toMatchObject({ required: false, minLength: 1, maxLength: 120 })
    expect(at(model, 'properties.contacts.primary.email')).toMatchObject({ kind: 'text', format: 'email' })
    expect(at(model, 'properties.options.bandwidthMbps')).toMatchObject({ kind: 'enum', options: [10, 20, 50, 100, 200, 500, 1000], required: true })
    expect(at(model, 'properties.options.vlans')).toMatchObject({ kind: 'array', minItems: 1, maxItems: 16, label: 'VLANs' })
    expect(fieldAt(model, ['properties', 'options', 'vlans', '3', 'vlanId'])).toMatchObject({ kind: 'number', integer: true, minimum: 1, maximum: 4094 })
    expect(at(model, 'attachments')).toMatchObject({ kind: 'files', maxItems: 5, maxBytes: 1024 * 1024 })
    expect(at(modelOf('INTERNET_ACCESS'), 'properties.options.staticIp')).toMatchObject({ kind: 'boolean', required: false })
    expect(at(modelOf('C_BVPN_SITE'), 'properties.profile')).toMatchObject({ kind: 'enum', options: ['GOLD', 'SILVER', 'BRONZE'], label: 'Class of service' })
    expect(at(modelOf('REQUEST_CANCELLATION'), 'requestId')).toMatchObject({ kind: 'text', required: true, pattern: '^REQ[0-9]{8}$' })
  })

  it('degrades what it does not know to a plain text field and never throws', () => {
    const model = readFormModel({
      type: 'object',
      properties: {
        choice: { anyOf: [{ type: 'string' }, { type: 'number' }], title: 'Choice' },
        linked: { $ref: '#/$defs/thing' },
        tags: { type: 'array', items: { type: 'string' } },
        nullable: { type: ['string', 'null'], maxLength: 5 },
        weird: 42,
        snake_case_key: {},
      },
      required: ['choice'],
    })
    expect(model.children.map((c) => [c.key, c.kind, c.label])).toEqual([
      ['choice', 'unknown', 'Choice'],
      ['linked', 'unknown', 'Linked'],
      ['tags', 'unknown', 'Tags'],
      ['nullable', 'text', 'Nullable'],
      ['weird', 'unknown', 'Weird'],
      ['snake_case_key', 'unknown', 'Snake case key'],
    ])
    expect(toBody(model, { choice: 'a', linked: '', tags: 'x', nullable: '', weird: '', snake_case_key: '' })).toEqual({ choice: 'a', tags: 'x' })
    expect(readFormModel(null).children).toEqual([])
  })

  it('writes the body from the values: typed numbers and choices, optional parts left out, yes/no said or not', () => {
    const model = modelOf('ETHERNET_LINK')
    const body = toBody(model, filled()) as Record<string, Record<string, Record<string, unknown>>>
    expect(body.type).toBe('ETHERNET_LINK')
    expect(body.properties!.options).toEqual({ bandwidthMbps: 100, vlans: [{ vlanId: 10, label: 'voice' }] })
    expect(body.properties!.location!.address).toEqual({ street: '2 quai', postalCode: '69002', city: 'Lyon', country: 'FR' })
    expect(body).not.toHaveProperty('name')
    expect(body.attachments).toEqual([])
    const access = modelOf('INTERNET_ACCESS')
    const options = (values: unknown) => (toBody(access, { properties: { options: values } }) as { properties: { options: unknown } }).properties.options
    expect(options({ bandwidthMbps: '10', staticIp: '' })).toEqual({ bandwidthMbps: 10 })
    expect(options({ bandwidthMbps: '10', staticIp: 'false' })).toEqual({ bandwidthMbps: 10, staticIp: false })
    // An optional group nobody typed in is not sent at all.
    const bvpn = toBody(modelOf('C_BVPN_SITE'), emptyValues(modelOf('C_BVPN_SITE'))) as { properties: Record<string, unknown> }
    expect(Object.keys(bvpn.properties)).toEqual(['network', 'location'])
  })

  it('prefills from an existing request where the model has a field, and keeps drafts without file content', () => {
    const model = modelOf('INTERNET_ACCESS_CHANGE')
    const values = valuesFrom(model, {
      contract: 'ACM-000101',
      properties: { options: { bandwidthMbps: 50, staticIp: true }, location: { name: 'x' } },
    }) as FormValues
    expect(values.contract).toBe('ACM-000101')
    expect(values.properties).toEqual({
      contacts: { primary: { title: '', firstName: '', lastName: '', mobile: '', phone: '', email: '' } },
      options: { bandwidthMbps: '50', staticIp: 'true' },
    })
    expect(valuesFrom(model, values)).toEqual(values)
    const withFile = { ...values, attachments: [{ name: 'a.txt', body: 'YQ==', size: 1 }] }
    expect((withoutFiles(model, withFile) as FormValues).attachments).toEqual([])
  })
})

describe('schema to validation', () => {
  it('accepts a complete body, which the sandbox then accepts too (201)', async () => {
    const values = filled()
    expect(messagesFor('ETHERNET_LINK', values)).toEqual({})
    const response = await api('/requests', { method: 'POST', body: JSON.stringify(toBody(modelOf('ETHERNET_LINK'), values)) })
    expect(response.status).toBe(201)
  })

  it('says the three API rules precisely, in English and in French, even while other fields are wrong', () => {
    const values = filled((v) =>
      Object.assign(v, { properties: {}, requestedAt: addDaysToIsoDate(today, 6), customerReference: 'R'.repeat(19), contract: 'C'.repeat(11) }),
    )
    expect(messagesFor('ETHERNET_LINK', values)).toMatchObject({
      requestedAt: `must be on or after ${addDaysToIsoDate(today, 7)} (today plus 7 days)`,
      customerReference: 'must be at most 18 characters, you have 19',
      contract: 'must be at most 10 characters, you have 11',
    })
    expect(messagesFor('ETHERNET_LINK', values, 'fr')).toMatchObject({
      requestedAt: `doit être le ${addDaysToIsoDate(today, 7)} ou après (aujourd’hui plus 7 jours)`,
      customerReference: 'doit comporter au plus 18 caractères, vous en avez 19',
    })
  })

  it('checks required fields, lengths, patterns, formats, choices, whole numbers, bounds and list sizes', () => {
    const values = filled((v) => {
      const p = v.properties as Record<string, Record<string, unknown>>
      p.location!.address = { street: '', extendedStreet: '', postalCode: '1', city: 'x'.repeat(81), country: 'fr' }
      p.contacts!.primary = { title: '', firstName: 'A', lastName: '', mobile: 'call me', phone: '', email: 'nope' }
      p.options = {
        bandwidthMbps: '15',
        vlans: [
          { vlanId: '1.5', label: 'a' },
          { vlanId: '5000', label: '' },
          { vlanId: 'abc', label: 'b' },
        ],
      }
      v.requestedAt = '2026-13-01'
    })
    expect(messagesFor('ETHERNET_LINK', values)).toEqual({
      requestedAt: 'must be a date written YYYY-MM-DD',
      'properties.location.address.street': 'is required',
      'properties.location.address.postalCode': 'must be 3 to 10 letters, digits, spaces or dashes',
      'properties.location.address.city': 'must be at most 80 characters, you have 81',
      'properties.location.address.country': 'must be a two-letter country code, such as FR',
      'properties.contacts.primary.lastName': 'is required',
      'properties.contacts.primary.mobile': 'must be a phone number, such as +33 6 12 34 56 78',
      'properties.contacts.primary.email': 'must be an e-mail address, such as name@example.com',
      'properties.options.bandwidthMbps': 'must be one of: 10, 20, 50, 100, 200, 500, 1000',
      'properties.options.vlans[0].vlanId': 'must be a whole number',
      'properties.options.vlans[1].vlanId': 'must be at most 4094',
      'properties.options.vlans[1].label': 'is required',
      'properties.options.vlans[2].vlanId': 'must be a number',
    })
    expect(
      messagesFor(
        'ETHERNET_LINK',
        filled((v) => ((v.properties as Record<string, Record<string, unknown>>).options!.vlans = [])),
      ),
    ).toEqual({
      'properties.options.vlans': 'must have at least 1 item',
    })
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, body: 'YQ==', size: 1 }))
    expect(
      messagesFor(
        'ETHERNET_LINK',
        filled((v) => (v.attachments = six)),
      ),
    ).toEqual({ attachments: 'must have at most 5 items' })
    expect(messagesFor('R_BVPN_SITE', { servicePoint: '' })).toMatchObject({ 'properties.contacts.primary.firstName': 'is required' })
    expect(messagesFor('R_BVPN_SITE', { properties: { servicePoint: { id: 'SP1' } } })).toMatchObject({
      'properties.servicePoint.id': 'must be a service point identifier, such as SP00001234',
    })
    expect(messagesFor('REQUEST_CANCELLATION', { requestId: 'REQ1' })).toMatchObject({ requestId: 'must be a request identifier, such as REQ00001234' })
  })

  it('knows the message of every pattern the catalog publishes', () => {
    const patterns = new Set(
      items
        .flatMap((item) => [...walkFields(readFormModel(item.schema))])
        .flatMap((f) => (f.kind === 'text' && f.pattern && f.format === 'text' ? [f.pattern] : [])),
    )
    for (const pattern of patterns) expect(PATTERN_MESSAGE_KEYS, pattern).toHaveProperty([pattern])
  })

  it('places issues on their fields, a group’s own issue on the group, and the rest in the summary', () => {
    const model = modelOf('ETHERNET_LINK')
    const { placed, unplaced } = placeIssues(
      [
        { path: 'properties.options.vlans[1].label', message: 'is required' },
        { path: 'properties.options.vlans', message: 'must have at least 1 item' },
        { path: 'attachments[0].body', message: 'must be at most 1 MiB once decoded' },
        { path: 'properties.location.address.unknownThing', message: 'is not a known field' },
        { path: 'type', message: 'must match' },
        { path: 'somethingElse', message: 'is not a known field' },
      ],
      model,
    )
    expect(placed).toEqual([
      { name: 'properties.options.vlans.1.label', message: 'is required' },
      { name: 'properties.options.vlans.root', message: 'must have at least 1 item' },
      { name: 'attachments.root', message: 'must be at most 1 MiB once decoded' },
      { name: 'properties.location.address.root', message: 'is not a known field' },
    ])
    expect(unplaced.map((i) => i.path)).toEqual(['type', 'somethingElse'])
    expect(toFieldErrors(placed, unplaced)).toMatchObject({
      properties: { options: { vlans: { 1: { label: { message: 'is required' } }, root: { message: 'must have at least 1 item' } } } },
      root: { type: 'unplaced' },
    })
  })
})

describe('an item the SPA has never seen', () => {
  it('is read, validated and sent like any other once the sandbox publishes it', async () => {
    const schema = {
      type: 'object',
      properties: {
        type: { type: 'string', const: 'SATELLITE_LINK' },
        requestedAt: { type: 'string', format: 'date', title: 'Requested date' },
        contract: { type: 'string', minLength: 1, maxLength: 10 },
        attachments: {
          type: 'array',
          maxItems: 5,
          items: { type: 'object', properties: { name: { type: 'string' }, body: { type: 'string', contentEncoding: 'base64' } }, required: ['name', 'body'] },
        },
        properties: {
          type: 'object',
          properties: {
            dish: {
              type: 'object',
              title: 'Dish',
              properties: {
                diameterCm: { type: 'integer', minimum: 60, maximum: 240, title: 'Diameter (cm)' },
                mount: { type: 'string', enum: ['roof', 'wall'], title: 'Mount', description: 'Where the dish is fixed.' },
                heated: { type: 'boolean', title: 'Heated' },
              },
              required: ['diameterCm', 'mount', 'heated'],
            },
            beams: {
              type: 'array',
              minItems: 1,
              items: { type: 'object', properties: { band: { type: 'string', pattern: '^(Ka|Ku)$' } }, required: ['band'] },
            },
            orbit: { anyOf: [{ const: 'GEO' }, { const: 'LEO' }] },
          },
          required: ['dish', 'beams'],
        },
      },
      required: ['type', 'requestedAt', 'contract', 'attachments', 'properties'],
    }
    const added = await fetch('/sandbox/control/catalogItems', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: 'CI-SATELLITE',
        type: 'SATELLITE_LINK',
        name: 'Satellite link',
        description: 'A dish on your roof.',
        variant: 'createRequestsGeneric',
        schema,
      }),
    })
    expect(added.status).toBe(201)
    const item = ZCatalogItem.parse(await (await api('/catalogItems/CI-SATELLITE')).json())
    const model = readFormModel(item.schema)
    expect(at(model, 'properties.dish.diameterCm')).toMatchObject({ kind: 'number', integer: true, minimum: 60, label: 'Diameter (cm)', required: true })
    expect(at(model, 'properties.dish.mount')).toMatchObject({ kind: 'enum', options: ['roof', 'wall'], description: 'Where the dish is fixed.' })
    expect(at(model, 'properties.dish.heated')).toMatchObject({ kind: 'boolean', required: true })
    expect(at(model, 'properties.beams')).toMatchObject({ kind: 'array', minItems: 1 })
    // `anyOf` of fixed values is a choice (docs/decisions/0030-forms-for-any-catalog.md).
    expect(at(model, 'properties.orbit')).toMatchObject({ kind: 'enum', options: ['GEO', 'LEO'] })
    expect(at(model, 'attachments')).toMatchObject({ kind: 'files', maxItems: 5 })

    const validator = createBodyValidator(item, model, today)
    const values = emptyValues(model) as FormValues
    expect(values.properties).toEqual({ dish: { diameterCm: '', mount: '', heated: false }, beams: [{ band: '' }], orbit: '' })
    const wrong = {
      ...values,
      requestedAt: addDaysToIsoDate(today, 8),
      contract: 'ACM-000101',
      properties: { dish: { diameterCm: '30', mount: '', heated: true }, beams: [{ band: 'X' }], orbit: '' },
    }
    expect(Object.fromEntries(validator.validate(toBody(model, wrong), 'en').map((i) => [i.path, i.message]))).toEqual({
      'properties.dish.diameterCm': 'must be at least 60',
      'properties.dish.mount': 'is required',
      'properties.beams[0].band': 'does not have the expected format (^(Ka|Ku)$)',
    })
    const right = { ...wrong, properties: { dish: { diameterCm: '90', mount: 'roof', heated: true }, beams: [{ band: 'Ka' }], orbit: 'GEO' } }
    expect(validator.validate(toBody(model, right), 'en')).toEqual([])
    const response = await api('/requests', { method: 'POST', body: JSON.stringify(toBody(model, right)) })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      type: 'SATELLITE_LINK',
      properties: { dish: { diameterCm: 90, mount: 'roof', heated: true }, beams: [{ band: 'Ka' }], orbit: 'GEO' },
    })
  })

  it('checks a catalog pattern in linear time: "^(a+)+$" against "aaaa…!" does not freeze the tab', () => {
    const schema = { type: 'object', properties: { properties: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } } } }
    const model = readFormModel(schema)
    const validator = createBodyValidator({ variant: 'createRequestsGeneric', schema }, model, today)
    const started = performance.now()
    const issues = validator.validate({ properties: { code: `${'a'.repeat(50)}!` } }, 'en')
    expect(performance.now() - started).toBeLessThan(250)
    expect(issues).toContainEqual(expect.objectContaining({ path: 'properties.code', message: 'does not have the expected format (^(a+)+$)' }))
  })
})

/** An address published once in `$defs` and used by reference, as another operator's catalog may (0030). */
const ADDRESS_SCHEMA = {
  type: 'object',
  $defs: {
    Address: {
      type: 'object',
      title: 'Address',
      properties: {
        street: { type: 'string', minLength: 1, title: 'Street' },
        postalCode: { type: 'string', pattern: '^[0-9]{5}$', title: 'Postal code' },
        city: { type: 'string', minLength: 1, title: 'City' },
      },
      required: ['street', 'postalCode', 'city'],
    },
    Named: { type: 'object', properties: { name: { type: 'string', maxLength: 40, title: 'Site name' } }, required: ['name'] },
  },
  properties: {
    type: { const: 'FIBRE_SITE' },
    requestedAt: { type: 'string', format: 'date' },
    contract: { type: 'string', maxLength: 10 },
    properties: {
      type: 'object',
      properties: {
        site: {
          allOf: [
            { $ref: '#/$defs/Named' },
            { type: 'object', properties: { address: { $ref: '#/$defs/Address', title: 'Site address' } }, required: ['address'] },
          ],
        },
      },
      required: ['site'],
    },
  },
  required: ['type', 'requestedAt', 'contract', 'properties'],
}

describe('schemas that use $ref, $defs and allOf (docs/decisions/0030-forms-for-any-catalog.md)', () => {
  it('makes a required address defined by reference into its fields, with the title beside the $ref', () => {
    const model = readFormModel(ADDRESS_SCHEMA)
    const address = at(model, 'properties.site.address')
    expect(address).toMatchObject({ kind: 'object', label: 'Site address', required: true })
    expect(at(model, 'properties.site.address.street')).toMatchObject({ kind: 'text', required: true, label: 'Street' })
    expect(at(model, 'properties.site.address.postalCode')).toMatchObject({ kind: 'text', pattern: '^[0-9]{5}$' })
    // allOf: both parts' fields, both parts' required.
    expect(at(model, 'properties.site')).toMatchObject({ kind: 'object', required: true })
    expect(at(model, 'properties.site.name')).toMatchObject({ kind: 'text', maxLength: 40, required: true })
  })

  it('validates through the references: the pattern inside $defs is checked, the required fields are said', () => {
    const model = readFormModel(ADDRESS_SCHEMA)
    const validator = createBodyValidator({ schema: ADDRESS_SCHEMA }, model, today)
    const body = {
      type: 'FIBRE_SITE',
      requestedAt: addDaysToIsoDate(today, 7),
      contract: 'ACM-1',
      attachments: [],
      properties: { site: { name: 'Lyon', address: { street: '2 quai', postalCode: '6900', city: '' } } },
    }
    const messages = Object.fromEntries(validator.validate(body, 'en').map((i) => [i.path, i.message]))
    expect(Object.keys(messages).sort()).toEqual(['properties.site.address.city', 'properties.site.address.postalCode'])
    const fixed = { ...body, properties: { site: { name: 'Lyon', address: { street: '2 quai', postalCode: '69002', city: 'Lyon' } } } }
    expect(validator.validate(fixed, 'en')).toEqual([])
  })

  it('follows `definitions` and escaped pointers, and leaves a reference outside the document as text', () => {
    const schema = {
      type: 'object',
      definitions: { 'a/b': { type: 'integer', minimum: 1 } },
      properties: { count: { $ref: '#/definitions/a~1b' }, remote: { $ref: 'https://example.com/s.json', title: 'Remote' }, lost: { $ref: '#/$defs/none' } },
    }
    const model = readFormModel(schema)
    expect(at(model, 'count')).toMatchObject({ kind: 'number', integer: true, minimum: 1 })
    expect(at(model, 'remote')).toMatchObject({ kind: 'unknown', label: 'Remote' })
    expect(at(model, 'lost')).toMatchObject({ kind: 'unknown' })
  })

  it('bounds a cycle: a part that contains itself is read once, then typed as text', () => {
    const schema = {
      type: 'object',
      $defs: { Part: { type: 'object', title: 'Part', properties: { label: { type: 'string' }, inner: { $ref: '#/$defs/Part' } } } },
      properties: { part: { $ref: '#/$defs/Part' } },
    }
    const model = readFormModel(schema)
    expect(at(model, 'part.label')).toMatchObject({ kind: 'text' })
    expect(at(model, 'part.inner')).toMatchObject({ kind: 'unknown' })
    expect([...walkFields(model)].length).toBeLessThan(10)
  })

  it('bounds a document that doubles at each reference: read in time, not in 2^40 steps', () => {
    const $defs: Record<string, unknown> = { L40: { type: 'string' } }
    for (let level = 39; level >= 0; level--) {
      $defs[`L${level}`] = { type: 'object', properties: { a: { $ref: `#/$defs/L${level + 1}` }, b: { $ref: `#/$defs/L${level + 1}` } } }
    }
    const started = performance.now()
    const resolved = resolveLocalRefs({ type: 'object', $defs, properties: { root: { $ref: '#/$defs/L0' } } })
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(resolved).toMatchObject({ type: 'object', properties: { root: { type: 'object' } } })
  })

  it('reads oneOf of fixed values as a choice with their titles, and a type beside null as that type', () => {
    const model = readFormModel({
      type: 'object',
      properties: {
        speed: {
          oneOf: [
            { const: 100, title: '100 Mbit/s' },
            { const: 1000, title: '1 Gbit/s' },
          ],
        },
        note: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'null' }], title: 'Note' },
      },
    })
    expect(at(model, 'speed')).toMatchObject({ kind: 'enum', options: [100, 1000], optionLabels: ['100 Mbit/s', '1 Gbit/s'] })
    expect(at(model, 'note')).toMatchObject({ kind: 'text', maxLength: 30, label: 'Note' })
  })
})

const WORDS: GenericFormWords = {
  type: 'Request type',
  requestId: 'Request',
  requestIdHelp: '',
  requestedAt: 'Requested date',
  customerReference: 'Your reference',
  contract: 'Contract',
  comment: 'Comment',
  properties: 'Properties',
  propertiesHelp: '',
  attachments: 'Attachments',
}

describe('the generic form of an item without a schema the console can read (0030)', () => {
  it('builds from an item only when its schema names fields; otherwise the generic form of its kind', () => {
    expect(schemaFormOf({ schema: undefined })).toBeUndefined()
    expect(schemaFormOf({ schema: { type: 'object' } })).toBeUndefined()
    expect(schemaFormOf({ schema: ADDRESS_SCHEMA })).toBeDefined()
    const model = readFormModel(genericFormSchema('GLASS_FIBRE', 'creation', WORDS))
    expect(model.children.map((child) => `${child.key}:${child.kind}`)).toEqual([
      'type:const',
      'requestedAt:text',
      'customerReference:text',
      'contract:text',
      'comment:text',
      'properties:map',
      'attachments:files',
    ])
    const modification = readFormModel(genericFormSchema('M_GLASS', 'modification', WORDS))
    expect(at(modification, 'requestId')).toMatchObject({ kind: 'text', required: true })
  })

  it('says the 7-day, 18 and 10 rules, and sends properties as typed entries, JSON read as JSON', () => {
    const schema = genericFormSchema('GLASS_FIBRE', 'creation', WORDS)
    const model = readFormModel(schema)
    const validator = createBodyValidator({ schema }, model, today)
    const values = {
      ...(emptyValues(model) as FormValues),
      requestedAt: addDaysToIsoDate(today, 6),
      customerReference: 'R'.repeat(19),
      contract: 'C'.repeat(11),
      properties: [
        { key: 'bandwidth', value: '100' },
        { key: 'servicePoint', value: '{"id": "SP1"}' },
        { key: 'city', value: 'Lyon' },
        { key: 'code', value: '"0042"' },
        { key: '', value: '' },
      ],
    }
    const body = toBody(model, values) as Record<string, unknown>
    expect(body).toMatchObject({
      type: 'GLASS_FIBRE',
      attachments: [],
      properties: { bandwidth: 100, servicePoint: { id: 'SP1' }, city: 'Lyon', code: '0042' },
    })
    const rules = Object.fromEntries(validator.validate(body, 'en').map((issue) => [issue.path, issue.rule]))
    expect(rules).toEqual({
      requestedAt: { kind: 'tooSoon', earliest: addDaysToIsoDate(today, 7) },
      customerReference: { kind: 'tooLong', max: 18, actual: 19 },
      contract: { kind: 'tooLong', max: 10, actual: 11 },
    })
    const fixed = { ...values, requestedAt: addDaysToIsoDate(today, 7), customerReference: 'PO-1', contract: 'ACM-000101' }
    expect(validator.validate(toBody(model, fixed), 'en')).toEqual([])
  })

  it('refuses a value that opens as JSON but is not, and a value without a key; prefills entries from a request', () => {
    const model = readFormModel(genericFormSchema('GLASS_FIBRE', 'termination', WORDS))
    const values = {
      properties: [
        { key: 'servicePoint', value: '{"id": ' },
        { key: ' ', value: 'orphan' },
        { key: 'note', value: 'plain text' },
      ],
    }
    expect(entryIssues(model, values)).toEqual([
      { path: 'properties.0.value', problem: 'json' },
      { path: 'properties.1.key', problem: 'key' },
    ])
    const prefilled = valuesFrom(model, {
      contract: 'ACM-1',
      properties: { servicePoint: { id: 'SP00000001' }, postalCode: '75002', city: 'Paris' },
    }) as FormValues
    expect(prefilled.properties).toEqual([
      { key: 'servicePoint.id', value: 'SP00000001' },
      { key: 'postalCode', value: '"75002"' },
      { key: 'city', value: 'Paris' },
    ])
    expect((toBody(model, prefilled) as { properties: unknown }).properties).toEqual({ servicePoint: { id: 'SP00000001' }, postalCode: '75002', city: 'Paris' })
    // Nested parts by dotted keys, or as JSON in one value.
    const nested = {
      properties: [
        { key: 'site.address.city', value: 'Lyon' },
        { key: 'site.name', value: 'HQ' },
        { key: 'vlans', value: '[10, 20]' },
      ],
    }
    expect((toBody(model, nested) as { properties: unknown }).properties).toEqual({ site: { address: { city: 'Lyon' }, name: 'HQ' }, vlans: [10, 20] })
  })

  it('decides the kind from the category, else the variant, else the type prefix, else creation', () => {
    expect(requestKindOf({ category: 'termination', type: 'C_X' })).toBe('termination')
    expect(requestKindOf({ category: 'Modification' })).toBe('modification')
    expect(requestKindOf({ category: 'ON_DEMAND', variant: 'cancelRequestsGeneric' })).toBe('cancellation')
    expect(requestKindOf({ variant: 'deleteBVPNGeneric' })).toBe('termination')
    expect(requestKindOf({ type: 'M_FIBRE' })).toBe('modification')
    expect(requestKindOf({ type: 'R_BVPN_SITE' })).toBe('termination')
    expect(requestKindOf({ type: 'GLASS_FIBRE' })).toBe('creation')
    expect(requestKindOf({})).toBe('creation')
  })
})
