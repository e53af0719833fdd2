import { describe, expect, it } from 'vitest'
import { ZAggregateRequestsQuery, ZListRequestsQuery } from '@contract/request-query'
import {
  DEFAULT_SORT,
  EMPTY_SEARCH,
  FILTER_CONTROLS,
  filterChips,
  filtersKey,
  hasFilters,
  parseListSearch,
  readFilterForm,
  toAggregateQuery,
  toApiQuery,
  toSearchParams,
  withoutFilters,
} from './request-search'

const view = (query: string) => parseListSearch(new URLSearchParams(query))
const roundTrip = (query: string) => toSearchParams(view(query)).toString()

describe('the list view in the URL', () => {
  it('reads a full URL and writes it back as it was', () => {
    const query = new URLSearchParams({
      status: 'NEW,REJECTED',
      type: 'INTERNET_ACCESS,C_BVPN_SITE',
      customerReference: 'PO-12',
      id: 'REQ00000001',
      isOverdue: 'true',
      isArchived: 'false',
      requestedFrom: '2026-01-01',
      requestedTo: '2026-01-31',
      createdFrom: '2025-12-01',
      createdTo: '2025-12-31',
      updatedFrom: '2026-02-01',
      updatedTo: '2026-02-28',
      sort: 'keyDates.requestedAt',
      page: '3',
      size: '50',
    }).toString()
    expect(roundTrip(query)).toBe(query)
    expect(view(query)).toMatchObject({ status: ['NEW', 'REJECTED'], isOverdue: true, isArchived: false, page: 3, size: 50, sort: 'keyDates.requestedAt' })
  })

  it('writes a view, reads it back, and gets the same view', () => {
    const search = { ...EMPTY_SEARCH, status: ['COMPLETED' as const], isOverdue: false, sort: '-name', page: 7, size: 100 as const }
    expect(parseListSearch(toSearchParams(search))).toEqual(search)
  })

  it('leaves defaults out, so that the plain list has the plain address', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('')
    expect(EMPTY_SEARCH).toMatchObject({ status: [], type: [], sort: DEFAULT_SORT, page: 1, size: 20 })
  })

  it('drops values that do not fit instead of failing, keeping the rest', () => {
    const search = view(
      'status=NEW,not%20a%20code&isOverdue=yes&isArchived=TRUE&requestedFrom=2026-13-45&createdTo=yesterday&sort=password&page=0&size=30&customerReference=' +
        'X'.repeat(20) +
        '&unknown=1',
    )
    expect(search).toEqual({ ...EMPTY_SEARCH, status: ['NEW'] })
    expect(view('page=abc&size=-1&sort=-bogus')).toEqual(EMPTY_SEARCH)
    expect(view('page=2.5').page).toBe(1)
    expect(view(`type=${'T'.repeat(65)},INTERNET_ACCESS`).type).toEqual(['INTERNET_ACCESS'])
    expect(roundTrip('status=,,&type= , ')).toBe('')
  })

  it('tells filters apart from sort, page and size', () => {
    const search = view('status=NEW&sort=name&page=4&size=50')
    expect(hasFilters(search)).toBe(true)
    expect(hasFilters(view('sort=name&page=4&size=50'))).toBe(false)
    expect(toSearchParams(withoutFilters(search)).toString()).toBe('sort=name&size=50')
    expect(filtersKey(search)).toBe(filtersKey(view('status=NEW')))
  })
})

describe('the GET /requests query of a view', () => {
  const api = (query: string, fields?: Parameters<typeof toApiQuery>[1]) => Object.fromEntries(toApiQuery(view(query), fields))

  it('pages with offset and limit and sorts as asked', () => {
    expect(api('')).toEqual({ offset: '0', limit: '20', sort: '-createdAt' })
    expect(api('page=3&size=50&sort=name')).toEqual({ offset: '100', limit: '50', sort: 'name' })
  })

  it('maps every filter to its API parameter, and the result is valid for the contract', () => {
    const query = api(
      'status=NEW,REJECTED&type=INTERNET_ACCESS&id=REQ00000001&isOverdue=true&isArchived=false&requestedFrom=2026-01-01&requestedTo=2026-01-31' +
        '&createdFrom=2025-12-01&createdTo=2025-12-31&updatedFrom=2026-02-01&updatedTo=2026-02-28',
    )
    expect(query).toEqual({
      offset: '0',
      limit: '20',
      sort: '-createdAt',
      status: 'NEW,REJECTED',
      type: 'INTERNET_ACCESS',
      id: 'REQ00000001',
      isOverdue: 'true',
      isArchived: 'false',
      'keyDates.requestedAt.gte': '2026-01-01',
      'keyDates.requestedAt.lte': '2026-01-31',
      'createdAt.gte': '2025-12-01',
      'createdAt.lte': '2025-12-31',
      'updatedAt.gte': '2026-02-01',
      'updatedAt.lte': '2026-02-28',
    })
    expect(ZListRequestsQuery.safeParse(query).success).toBe(true)
  })

  it('searches a customer reference as a prefix unless it is a pattern already or has no room for one', () => {
    expect(api('customerReference=PO-1').customerReference).toBe('PO-1*')
    expect(api('customerReference=*123').customerReference).toBe('*123')
    expect(api(`customerReference=${'A'.repeat(19)}`).customerReference).toBe('A'.repeat(19))
  })

  it('cleans a typed list of ids', () => {
    expect(api('id=REQ00000001,, REQ00000002,').id).toBe('REQ00000001,REQ00000002')
    expect(api('id=,').id).toBeUndefined()
    // Six ids are more than 64 characters together: every one is kept, and an over-long one alone is dropped.
    const six = ['REQ00000001', 'REQ00000002', 'REQ00000003', 'REQ00000004', 'REQ00000005', 'REQ00000006']
    expect(api(`id=${six.join(',')},${'X'.repeat(65)}`).id).toBe(six.join(','))
  })

  it('sends a priority as it was typed, and writes it back to the address', () => {
    expect(api('priority=%20HIGH%20').priority).toBe('HIGH')
    expect(roundTrip('priority=HIGH&status=NEW')).toBe('status=NEW&priority=HIGH')
    expect(filterChips(view('priority=HIGH')).map((chip) => [chip.filter, chip.value, chip.label])).toEqual([['priority', 'HIGH', 'priority']])
    expect(view(`priority=${'P'.repeat(65)}`).priority).toBeUndefined()
  })

  it('sends a requested day as the reference’s `keyDates.requestedAt`, from the form to the address and back, a day only', () => {
    expect(api('requestedOn=2026-12-01')['keyDates.requestedAt']).toBe('2026-12-01')
    expect(roundTrip('requestedOn=2026-12-01&status=NEW')).toBe('status=NEW&requestedOn=2026-12-01')
    expect(filterChips(view('requestedOn=2026-12-01')).map((chip) => [chip.filter, chip.value, chip.label, chip.reads])).toEqual([
      ['requestedOn', '2026-12-01', 'requestedOn', 'day'],
    ])
    // What is not a day reads as none: the list is not narrowed to nothing.
    expect(view('requestedOn=01/12/2026').requestedOn).toBeUndefined()
    expect(api('requestedOn=tomorrow')['keyDates.requestedAt']).toBeUndefined()
    const data = new FormData()
    data.set('requestedOn', '2026-12-01')
    const read = readFilterForm(data, FILTER_CONTROLS, EMPTY_SEARCH).search!
    expect(toSearchParams(read).toString()).toBe('requestedOn=2026-12-01')
    expect(() => ZListRequestsQuery.parse(Object.fromEntries(toApiQuery(read)))).not.toThrow()
    expect(Object.fromEntries(toAggregateQuery(read, 'status'))).toMatchObject({ 'keyDates.requestedAt': '2026-12-01' })
  })

  it('asks only for the fields given, once each', () => {
    expect(api('', ['id', 'name', 'name', 'keyDates']).fields).toBe('id,name,keyDates')
    expect(api('', []).fields).toBeUndefined()
  })
})

describe('step, sub-step and category in the URL (the dashboard links to them)', () => {
  it('reads them, keeps an operator’s own codes (docs/decisions/0028-tolerant-reader.md), drops what is no code, and writes them back', () => {
    const query = 'status=IN_PROGRESS&step=DELIVERY&subStep=INSTALLATION&category=creation'
    expect(view('step=NOPE').step).toEqual(['NOPE'])
    expect(view('status=ON_HOLD,not%20a%20code').status).toEqual(['ON_HOLD'])
    expect(view(query)).toMatchObject({ step: ['DELIVERY'], subStep: ['INSTALLATION'], category: ['creation'] })
    expect(roundTrip(query)).toBe(new URLSearchParams(query).toString())
    expect(view('subStep=INSTALLATION,<NOPE>,DONE').subStep).toEqual(['INSTALLATION', 'DONE'])
    expect(hasFilters(view('step=ORDER'))).toBe(true)
  })
})

describe('the GET /requests/aggregate query of a view', () => {
  it('sends the same filters as the list query, and the grouping, valid for the contract', () => {
    const search = view(
      'status=NEW,REJECTED&step=ORDER&type=INTERNET_ACCESS&customerReference=PO-1&isOverdue=true&createdFrom=2026-01-01&sort=name&page=3&size=50',
    )
    const aggregate = toAggregateQuery(search, 'type')
    const list = toApiQuery(search)
    for (const name of ['offset', 'limit', 'sort']) list.delete(name)
    aggregate.delete('groupBy')
    expect(Object.fromEntries(aggregate)).toEqual(Object.fromEntries(list))
    expect(Object.fromEntries(aggregate)).toMatchObject({ customerReference: 'PO-1*', step: 'ORDER', 'createdAt.gte': '2026-01-01' })
    expect(() => ZAggregateRequestsQuery.parse(Object.fromEntries(toAggregateQuery(search, 'subStep')))).not.toThrow()
    expect(toAggregateQuery(EMPTY_SEARCH, 'status').toString()).toBe('groupBy=status')
  })
})

describe('a date preset in the URL (a saved view stays relative)', () => {
  // Noon, local time: the presets count days of the person's calendar.
  const MARCH_10 = new Date(2026, 2, 10, 12)
  const APRIL_2 = new Date(2026, 3, 2, 12)
  const at = (query: string, now: Date) => parseListSearch(new URLSearchParams(query), now)
  const days = (query: string, now: Date) => {
    const api = toApiQuery(at(query, now))
    return [api.get('keyDates.requestedAt.gte'), api.get('keyDates.requestedAt.lte')]
  }

  it('counts the days from the day the URL is read, not from the day it was written', () => {
    expect(days('requestedPreset=last7', MARCH_10)).toEqual(['2026-03-04', '2026-03-10'])
    expect(days('requestedPreset=last7', APRIL_2)).toEqual(['2026-03-27', '2026-04-02'])
    expect(days('requestedPreset=thisMonth', APRIL_2)).toEqual(['2026-04-01', '2026-04-30'])
    expect(days('requestedPreset=next30', MARCH_10)).toEqual(['2026-03-10', '2026-04-08'])
    const created = toApiQuery(at('createdPreset=last30&updatedPreset=last7', MARCH_10))
    expect([created.get('createdAt.gte'), created.get('createdAt.lte'), created.get('updatedAt.gte')]).toEqual(['2026-02-09', '2026-03-10', '2026-03-04'])
  })

  it('writes the preset back, never its days, so a view saved with it opens on the days of the day it is opened', () => {
    const saved = toSearchParams(at('status=REJECTED&requestedPreset=last30&sort=name', MARCH_10)).toString()
    expect(saved).toBe('status=REJECTED&requestedPreset=last30&sort=name')
    expect(at(saved, APRIL_2)).toMatchObject({ requestedPreset: 'last30', requestedFrom: '2026-03-04', requestedTo: '2026-04-02' })
    expect(filtersKey(at(saved, MARCH_10))).toBe(filtersKey(at(saved, APRIL_2)))
  })

  it('lets a preset stand for both bounds of its range, and drops a preset it does not know', () => {
    expect(roundTrip('requestedPreset=last7&requestedFrom=2020-01-01&createdFrom=2026-01-01')).toBe('requestedPreset=last7&createdFrom=2026-01-01')
    expect(at('requestedPreset=yesterday&requestedFrom=2026-01-01', MARCH_10)).toMatchObject({ requestedPreset: undefined, requestedFrom: '2026-01-01' })
    expect(hasFilters(view('updatedPreset=last7'))).toBe(true)
  })

  it('is one chip, whose removal removes the range', () => {
    const search = at('requestedPreset=last7&createdFrom=2026-01-01&createdTo=2026-01-31', MARCH_10)
    const chips = filterChips(search)
    expect(chips.map((chip) => [chip.filter, chip.value])).toEqual([
      ['requestedPreset', 'last7'],
      ['createdFrom', '2026-01-01'],
      ['createdTo', '2026-01-31'],
    ])
    expect(toSearchParams(chips[0]!.without).toString()).toBe('createdFrom=2026-01-01&createdTo=2026-01-31')
  })

  it('comes from the filter form when a preset was chosen, and days typed by hand stay days', () => {
    const form = (entries: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(entries)) data.set(name, value)
      return readFilterForm(data, FILTER_CONTROLS, view('status=NEW&createdPreset=last7')).search!
    }
    const chosen = form({ requestedFrom: '2026-03-04', requestedTo: '2026-03-10', requestedPreset: 'last7' })
    expect(toSearchParams(chosen).toString()).toBe('requestedPreset=last7')
    const typed = form({ requestedFrom: '2026-03-04', requestedTo: '2026-03-10', requestedPreset: '' })
    expect(toSearchParams(typed).toString()).toBe('requestedFrom=2026-03-04&requestedTo=2026-03-10')
  })
})
