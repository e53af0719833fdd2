import { describe, expect, it } from 'vitest'
import { ZOperatorProfile, type OperatorProfile } from '@contract/operator-profile'
import { canonicalNameOf, canonicalNamesOf, rangeIn, sortIn, toOperatorQuery } from './operator-dialect'

/** The translator of the SPA's canonical list query into an operator's dialect (docs/decisions/0027-operator-profile.md). */
const profileOf = (keys: Partial<OperatorProfile> = {}) => ZOperatorProfile.parse(keys)
const KEY = 'operator-key'
/** The query the operator gets, decoded, as `name=value` lines in order. */
const sent = (canonical: string, keys: Partial<OperatorProfile> = {}, omit: string[] = []) => {
  const call = toOperatorQuery(new URLSearchParams(canonical), profileOf(keys), KEY, new Set(omit))
  return { pairs: [...call.query].map(([name, value]) => `${name}=${value}`), headers: call.headers, dropped: call.dropped }
}

describe('the default profile', () => {
  it('changes nothing but the API key, which goes in the x-api-key header', () => {
    const canonical =
      'status=NEW,IN_PROGRESS&sort=-createdAt,name&createdAt.gte=2026-01-01&createdAt.lte=2026-01-31&updatedAt.gte=2026-02-01T00:00:00Z&keyDates.requestedAt.gte=2026-03-01&customerReference=PO-1*&limit=100&offset=200&fields=id,name'
    const call = toOperatorQuery(new URLSearchParams(canonical), profileOf(), KEY)
    expect(call.query.toString()).toBe(new URLSearchParams(canonical).toString())
    expect(call.headers).toEqual({ 'x-api-key': KEY })
    expect(call.dropped).toEqual([])
  })

  it('drops the browser’s own x-api-key, never reported', () => {
    expect(sent('x-api-key=browser&status=NEW')).toEqual({ pairs: ['status=NEW'], headers: { 'x-api-key': KEY }, dropped: [] })
  })
})

describe('sort styles', () => {
  it.each([
    ['-field', '-createdAt', ['-createdAt']],
    ['-field', 'name', ['name']],
    ['-field', '-createdAt,name', ['-createdAt,name']],
    ['field:desc', '-createdAt', ['createdAt:desc']],
    ['field:desc', 'name', ['name:asc']],
    ['field:desc', '-createdAt,name', ['createdAt:desc,name:asc']],
    ['field,desc', '-createdAt', ['createdAt,desc']],
    ['field,desc', 'name', ['name,asc']],
    ['field,desc', '-keyDates.requestedAt,name', ['keyDates.requestedAt,desc', 'name,asc']],
  ] as const)('%s writes %s as %j', (style, canonical, expected) => {
    expect(sortIn(style, canonical)).toEqual(expected)
  })

  it('sends several terms of `field,desc` as one sort parameter each, in order, where the sort was', () => {
    expect(sent('status=NEW&sort=-createdAt,name&limit=20', { sort: 'field,desc' }).pairs).toEqual([
      'status=NEW',
      'sort=createdAt,desc',
      'sort=name,asc',
      'limit=20',
    ])
    expect(sent('sort=-createdAt,name', { sort: 'field:desc' }).pairs).toEqual(['sort=createdAt:desc,name:asc'])
  })
})

describe('date range styles', () => {
  it.each([
    ['field.gte', '2026-01-01', '2026-01-31', ['createdAt.gte=2026-01-01', 'createdAt.lte=2026-01-31']],
    ['field.gte', '2026-01-01', null, ['createdAt.gte=2026-01-01']],
    ['field.gte', null, '2026-01-31', ['createdAt.lte=2026-01-31']],
    ['field=FROM..TO', '2026-01-01', '2026-01-31', ['createdAt=2026-01-01..2026-01-31']],
    ['field=FROM..TO', '2026-01-01', null, ['createdAt=2026-01-01..']],
    ['field=FROM..TO', null, '2026-01-31', ['createdAt=..2026-01-31']],
    ['field[gte]', '2026-01-01', '2026-01-31', ['createdAt[gte]=2026-01-01', 'createdAt[lte]=2026-01-31']],
    ['field[gte]', '2026-01-01', null, ['createdAt[gte]=2026-01-01']],
    ['field[gte]', null, '2026-01-31', ['createdAt[lte]=2026-01-31']],
  ] as const)('%s writes %s to %s as %j', (style, from, to, expected) => {
    expect(rangeIn(style, 'createdAt', from, to).map(([name, value]) => `${name}=${value}`)).toEqual(expected)
  })

  it('translates every range field of a query, bounds given in any order, timestamps as they are', () => {
    const canonical = 'updatedAt.lte=2026-02-28T23:59:59Z&status=NEW&keyDates.requestedAt.gte=2026-03-01&updatedAt.gte=2026-02-01T00:00:00%2B01:00'
    expect(sent(canonical, { dateRange: 'field=FROM..TO' }).pairs).toEqual([
      'updatedAt=2026-02-01T00:00:00+01:00..2026-02-28T23:59:59Z',
      'status=NEW',
      'keyDates.requestedAt=2026-03-01..',
    ])
    expect(sent(canonical, { dateRange: 'field[gte]' }).pairs).toEqual([
      'updatedAt[gte]=2026-02-01T00:00:00+01:00',
      'updatedAt[lte]=2026-02-28T23:59:59Z',
      'status=NEW',
      'keyDates.requestedAt[gte]=2026-03-01',
    ])
  })

  it('keeps an exact day as it is, except beside a range of the same field in `field=FROM..TO`, where it is reported', () => {
    expect(sent('createdAt=2026-01-05', { dateRange: 'field=FROM..TO' }).pairs).toEqual(['createdAt=2026-01-05'])
    expect(sent('createdAt=2026-01-05&createdAt.gte=2026-01-01', { dateRange: 'field=FROM..TO' })).toMatchObject({
      pairs: ['createdAt=2026-01-01..'],
      dropped: ['createdAt'],
    })
  })
})

describe('page size, patterns, API key, refused parameters', () => {
  it('clamps limit to pageSizeMax, and leaves a smaller one alone', () => {
    expect(sent('limit=100&offset=100', { pageSizeMax: 50 }).pairs).toEqual(['limit=50', 'offset=100'])
    expect(sent('limit=20', { pageSizeMax: 50 }).pairs).toEqual(['limit=20'])
  })

  it('leaves out a customerReference with a `*` when the operator takes no patterns, and says so', () => {
    expect(sent('customerReference=PO-1*&status=NEW', { wildcards: false })).toMatchObject({ pairs: ['status=NEW'], dropped: ['customerReference'] })
    expect(sent('customerReference=PO-1&status=NEW', { wildcards: false })).toMatchObject({
      pairs: ['customerReference=PO-1', 'status=NEW'],
      dropped: [],
    })
    expect(sent('customerReference=PO-1*', { wildcards: true }).pairs).toEqual(['customerReference=PO-1*'])
  })

  it('puts the API key in the query when the profile says so, never in a header', () => {
    expect(sent('x-api-key=browser&status=NEW', { apiKey: 'query' })).toEqual({ pairs: ['status=NEW', `x-api-key=${KEY}`], headers: {}, dropped: [] })
  })

  it('leaves out the refused names, a range field with both its bounds, and reports each once', () => {
    expect(sent('sort=-createdAt&createdAt.gte=2026-01-01&createdAt.lte=2026-01-31&status=NEW', {}, ['sort', 'createdAt'])).toMatchObject({
      pairs: ['status=NEW'],
      dropped: ['sort', 'createdAt'],
    })
  })

  it('names parameters canonically: a range bound by its field', () => {
    expect(canonicalNameOf('keyDates.requestedAt.lte')).toBe('keyDates.requestedAt')
    expect(canonicalNamesOf(new URLSearchParams('x-api-key=k&createdAt.gte=a&createdAt.lte=b&sort=name&status=NEW'))).toEqual(['createdAt', 'sort', 'status'])
  })
})
