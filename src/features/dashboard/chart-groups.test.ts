import { describe, expect, it } from 'vitest'
import { parseListSearch } from '@/lib/request-search'
import { groupsInView, listHref, parseBreakdown, searchOfGroup } from './chart-groups'

const view = (query: string) => parseListSearch(new URLSearchParams(query))
const counts = (keys: string[]) => keys.map((key, index) => ({ key, count: index + 1 }))

describe('a bar of the dashboard', () => {
  it('links to the list with the chart filters narrowed to its group', () => {
    const search = view('type=INTERNET_ACCESS&customerReference=PO-1&page=4')
    expect(listHref(searchOfGroup(search, 'status', 'REJECTED'))).toBe('/requests?status=REJECTED&type=INTERNET_ACCESS&customerReference=PO-1')
    expect(listHref(searchOfGroup(search, 'subStep', 'INSTALLATION'))).toBe('/requests?subStep=INSTALLATION&type=INTERNET_ACCESS&customerReference=PO-1')
    expect(listHref(searchOfGroup(search, 'type', 'ETHERNET_LINK'))).toBe('/requests?type=ETHERNET_LINK&customerReference=PO-1')
    expect(listHref(searchOfGroup(view(''), 'isArchived', 'false'))).toBe('/requests?isArchived=false')
    expect(listHref(searchOfGroup(view('isOverdue=false'), 'isOverdue', 'true'))).toBe('/requests?isOverdue=true')
  })

  it('is left out when the filters rule its group out, since it would count 0 yet list requests', () => {
    const statuses = counts(['NEW', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'])
    expect(groupsInView(view('status=NEW,REJECTED'), 'status', statuses).map((g) => g.key)).toEqual(['NEW', 'REJECTED'])
    expect(groupsInView(view(''), 'status', statuses).map((g) => g.key)).toEqual(['NEW', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'])
    expect(groupsInView(view('isOverdue=true'), 'isOverdue', counts(['false', 'true'])).map((g) => g.key)).toEqual(['true'])
    expect(groupsInView(view('isOverdue=true'), 'isArchived', counts(['false', 'true'])).map((g) => g.key)).toEqual(['false', 'true'])
  })

  it('orders types by count, the largest first, and keeps the lifecycle order of the others', () => {
    const types = [
      { key: 'B', count: 2 },
      { key: 'A', count: 5 },
      { key: 'C', count: 2 },
    ]
    expect(groupsInView(view(''), 'type', types).map((g) => g.key)).toEqual(['A', 'B', 'C'])
    expect(groupsInView(view(''), 'step', counts(['ORDER', 'DELIVERY', 'CLOSURE'])).map((g) => g.key)).toEqual(['ORDER', 'DELIVERY', 'CLOSURE'])
  })

  it('reads the breakdown from the address, type unless a known group is given', () => {
    expect(parseBreakdown('subStep')).toBe('subStep')
    expect(parseBreakdown('status')).toBe('type')
    expect(parseBreakdown(null)).toBe('type')
  })
})
