import { describe, expect, it } from 'vitest'
import { LIST_FILTERS } from '@contract/list-view'
import { filterChips, parseListSearch } from '@/lib/request-search'
import dashboardEn from '@/features/dashboard/locales/en.json'
import dashboardFr from '@/features/dashboard/locales/fr.json'
import requestsEn from '@/features/requests/locales/en.json'
import requestsFr from '@/features/requests/locales/fr.json'

/** A value each filter's keys take in an address, so that every declared filter shows its chips. */
function everyFilterSet(): URLSearchParams {
  const params = new URLSearchParams()
  for (const filter of LIST_FILTERS) {
    if ('keys' in filter) {
      params.set(filter.keys.from, '2026-01-01')
      params.set(filter.keys.to, '2026-01-31')
    } else params.set(filter.name, filter.name === 'isOverdue' || filter.name === 'isArchived' ? 'true' : 'NEW')
  }
  return params
}

const at = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)

describe("a filter's chip", () => {
  const chips = filterChips(parseListSearch(everyFilterSet()))

  it('shows for every declared filter', () => {
    expect(new Set(chips.map((chip) => chip.filter.replace(/(From|To|Preset)$/, '')))).toEqual(new Set(LIST_FILTERS.map((filter) => filter.name)))
  })

  it.each([
    ['English', requestsEn, dashboardEn],
    ['French', requestsFr, dashboardFr],
  ])('is named by the list and by the dashboard in %s (a filter added to the declaration needs its name on both pages)', (_, requests, dashboard) => {
    for (const chip of chips) {
      expect(at(requests, chip.label.list), `requests.${chip.label.list}`).toEqual(expect.any(String))
      const onDashboard = chip.label.dashboard ?? `filters.other.${chip.filter}`
      expect(at(dashboard, onDashboard), `dashboard.${onDashboard}`).toEqual(expect.any(String))
    }
  })
})
