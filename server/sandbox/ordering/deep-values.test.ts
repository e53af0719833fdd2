import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { REQUEST_BODY_JSON_LIMITS } from '@contract/request-bodies'
import { createOk, expectApiError, JSON_UTF8, startTestApp, startTestAppWithToken, validBody, type TestApp } from '../../../test/test-app'
import { jsonShapeProblem, parseFolded } from '../json-shape'

/** `"x":` nested `levels` deep around 1, as text: built as text, since a value this deep cannot be serialized safely. */
function deepText(levels: number): string {
  return `${'{"x":'.repeat(levels)}1${'}'.repeat(levels)}`
}

/** A valid creation whose properties.options.x is `levels` deep. */
function deepBody(today: string, levels: number, reference = 'PO-DEEP'): string {
  const text = JSON.stringify(validBody(today, { customerReference: reference }))
  return text.replace('"bandwidthMbps":100', `"bandwidthMbps":100,"x":${deepText(levels)}`)
}

/** Depth and breadth limits of request bodies, and stored values that are deep (docs/decisions/0020). */
describe('JSON shape limits of POST /requests', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => ({ t, token } = await startTestAppWithToken()))
  afterAll(() => t.close())

  const refused = async (body: string, key: RegExp) => {
    const before = await t.countRequests(token)
    const error = await expectApiError(await t.call('/requests', { token, body }), 400, ERROR_CODE.malformedBody, JSON_UTF8)
    expect(error.description).toMatch(key)
    expect(await t.countRequests(token)).toBe(before)
  }

  it('refuses the 4,109-level body of the finding with 400 code 20 naming the limit, storing nothing', async () => {
    await refused(deepBody(t.today(), 4109), /more than 32 levels deep/)
  })

  it('refuses a body one level too deep, and takes one at the limit', async () => {
    // The body is level 1, properties 2, options 3: x adds the rest.
    await refused(deepBody(t.today(), REQUEST_BODY_JSON_LIMITS.maxDepth - 2), /levels deep/)
    const { request } = await createOk(t, token, JSON.parse(deepBody(t.today(), REQUEST_BODY_JSON_LIMITS.maxDepth - 3, 'PO-DEEP-OK')))
    expect(request.customerReference).toBe('PO-DEEP-OK')
  })

  it('refuses too many keys in one object, too many items in one array, and too many values in all', async () => {
    const wide = Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`k${i}`, i]))
    await refused(JSON.stringify(validBody(t.today(), { properties: { ...(validBody(t.today()).properties as object), options: wide } })), /more than 256 keys/)
    await refused(JSON.stringify(validBody(t.today(), { attachments: Array.from({ length: 1001 }, () => 0) })), /more than 1000 items/)
    const many = { options: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, Array.from({ length: 120 }, () => 1)])) }
    await refused(JSON.stringify(validBody(t.today(), { properties: many })), /more than 20000 values/)
  })

  it('counts brackets and commas inside strings as text', async () => {
    const comment = `${'[{'.repeat(100)}${','.repeat(1500)}"\\"`
    const { request } = await createOk(t, token, validBody(t.today(), { comment, customerReference: 'PO-STRING' }))
    expect(request.comment).toBe(comment)
  })
})

describe('a request stored deeper than the limit', () => {
  let t: TestApp
  let token: string
  let id: string
  beforeAll(async () => {
    t = startTestApp()
    token = await t.mintToken()
    // Stored before the limit existed: written directly into SQLite, as the finding left it.
    const { request } = await createOk(t, token, validBody(t.today(), { customerReference: 'PO-DEEP-ROW' }))
    id = request.id
    const properties = (JSON.stringify(validBody(t.today()).properties) as string).replace('"bandwidthMbps":100', `"bandwidthMbps":100,"x":${deepText(4109)}`)
    t.sandbox.db.prepare('UPDATE requests SET properties = ? WHERE id = ?').run(properties, id)
  })
  afterAll(() => t.close())

  it('still lists (with properties), answers its detail and fields=id,properties: 200, folded as JSON text', async () => {
    for (const path of [
      '/requests?limit=100&customerReference=PO-DEEP-ROW',
      '/requests?fields=id,properties&customerReference=PO-DEEP-ROW',
      `/requests/${id}`,
    ]) {
      const response = await t.call(path, { token })
      expect(response.status, path).toBe(200)
      const body = (await response.json()) as unknown
      const request = (Array.isArray(body) ? body[0] : body) as { properties: { options: Record<string, unknown> } }
      let value: unknown = request.properties.options.x
      let depth = 3
      while (typeof value === 'object' && value !== null) {
        value = (value as { x: unknown }).x
        depth += 1
      }
      expect(depth).toBe(REQUEST_BODY_JSON_LIMITS.maxDepth + 1)
      // Nothing is lost: the folded part is the JSON text of what was stored there.
      expect(value).toBe(deepText(4109 - (REQUEST_BODY_JSON_LIMITS.maxDepth - 2)))
    }
    // The rest of the company's list is unaffected.
    expect((await t.call('/requests?limit=100', { token })).status).toBe(200)
  })
})

describe('json-shape', () => {
  it('parses text within the depth as JSON.parse does, and folds deeper containers', () => {
    const text = '{"a":[1,{"b":[2,[3]]}],"c":"[{"}'
    expect(parseFolded(text, 5)).toEqual(JSON.parse(text))
    expect(parseFolded(text, 3)).toEqual({ a: [1, { b: '[2,[3]]' }], c: '[{' })
    expect(parseFolded('[[[]],[[1]]]', 1)).toEqual(['[[]]', '[[1]]'])
  })

  it('answers the first limit exceeded, or null', () => {
    const limits = { maxDepth: 2, maxObjectKeys: 2, maxArrayItems: 3, maxNodes: 6 }
    expect(jsonShapeProblem('{"a":[1,2,3]}', limits)).toBeNull()
    expect(jsonShapeProblem('[[[1]]]', limits)).toEqual({ limit: 'depth', max: 2 })
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3}', limits)).toEqual({ limit: 'objectKeys', max: 2 })
    expect(jsonShapeProblem('[1,2,3,4]', limits)).toEqual({ limit: 'arrayItems', max: 3 })
    expect(jsonShapeProblem('[[1,2,3],[1,2,3]]', limits)).toEqual({ limit: 'nodes', max: 6 })
    expect(jsonShapeProblem('"[[[[,,,,"', limits)).toBeNull()
  })
})
