import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZApiErrorBody, ERROR_CODE } from '@contract/error'
import { CatalogSchemaError } from '@contract/catalog-patterns'
import { expectApiError, JSON_UTF8, startTestAppWithToken, validBody, type TestApp } from '../../../test/test-app'
import { fromCatalogSchema } from './catalog-schema'

/** Catalog item patterns run in linear time, or the item is refused (docs/decisions/0020-hostile-input-and-faults.md). */
describe('catalog item patterns', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => ({ t, token } = await startTestAppWithToken()))
  afterAll(() => t.close())

  const addItem = (id: string, type: string, schema: unknown) =>
    t.fetch('/sandbox/control/catalogItems', {
      json: { id, type, name: 'Patterned access', description: 'An item with a pattern', variant: 'createRequestsGeneric', schema },
    })

  it('checks "^(a+)+$" against a 50-character "aaaa…!" within milliseconds, with the field named', async () => {
    const schema = {
      type: 'object',
      properties: { properties: { type: 'object', properties: { options: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } } } } },
    }
    expect((await addItem('CI-EVIL', 'EVIL_ACCESS', schema)).status).toBe(201)
    const body = validBody(t.today(), { type: 'EVIL_ACCESS' })
    ;(body.properties as { options: Record<string, unknown> }).options = { code: `${'a'.repeat(50)}!` }
    const before = await t.countRequests(token)
    const started = performance.now()
    const response = await t.call('/requests', { token, json: body })
    const elapsed = performance.now() - started
    const error = await expectApiError(response, 400, ERROR_CODE.invalidField, JSON_UTF8)
    expect(error.fields).toContainEqual({ path: 'properties.options.code', message: 'does not have the expected format (^(a+)+$)' })
    // A backtracking engine takes hours here (2^50 steps); RE2 is linear. Generous for a shared, slow machine.
    expect(elapsed).toBeLessThan(250)
    expect(await t.countRequests(token)).toBe(before)
    ;(body.properties as { options: Record<string, unknown> }).options = { code: 'a'.repeat(50) }
    expect((await t.call('/requests', { token, json: body })).status).toBe(201)
  })

  it('refuses an item whose pattern RE2 cannot run (a backreference, a lookahead) with 400 and the error entity', async () => {
    for (const [index, pattern] of ['(a)\\1', '^(?=a)a$', '(?<=a)b'].entries()) {
      const response = await addItem(`CI-BAD-${index}`, `BAD_ACCESS_${index}`, { type: 'object', properties: { comment: { type: 'string', pattern } } })
      expect(response.status).toBe(400)
      const error = ZApiErrorBody.parse(await response.json())
      expect(error.code).toBe(ERROR_CODE.invalidField)
      expect(error.description).toContain(pattern)
    }
    // Nothing was added.
    expect((await t.call('/catalogItems/CI-BAD-0', { token })).status).toBe(404)
  })

  it('refuses patterns where it cannot run them with RE2: patternProperties, anyOf', () => {
    expect(() => fromCatalogSchema({ type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } } })).toThrow(CatalogSchemaError)
    expect(() => fromCatalogSchema({ anyOf: [{ type: 'string', pattern: '^a' }, { type: 'number' }] })).toThrow(CatalogSchemaError)
    expect(() => fromCatalogSchema({ type: 'object', properties: { a: { type: 'string', pattern: '^a' } } })).not.toThrow()
  })

  it('checks patterns of array items and leaves unanchored patterns unanchored, as JSON Schema says', () => {
    const schema = fromCatalogSchema({ type: 'array', items: { type: 'string', pattern: 'b+' } })
    expect(schema.safeParse(['abc', 'bb']).success).toBe(true)
    const failed = schema.safeParse(['abc', 'xyz'])
    expect(failed.error?.issues).toMatchObject([{ code: 'invalid_format', format: 'regex', pattern: 'b+', path: [1] }])
  })
})
