import { describe, expect, it } from 'vitest'
import { LIST_FILTERS } from '@contract/list-view'
import { filterChips, parseListSearch } from '@/lib/request-search'
import listViewEn from '@/features/list-view/locales/en.json'
import listViewFr from '@/features/list-view/locales/fr.json'
import { SIGNED_IN_PAGES } from './route-table'

/** A value each filter's keys take in an address, so that every declared filter shows its chips. */
function everyFilterSet(): URLSearchParams {
  const params = new URLSearchParams()
  for (const filter of LIST_FILTERS) {
    if ('keys' in filter) {
      params.set(filter.keys.from, '2026-01-01')
      params.set(filter.keys.to, '2026-01-31')
    } else if (filter.kind === 'flag') params.set(filter.name, 'true')
    else if (filter.control?.kind === 'text' && filter.control.input === 'date') params.set(filter.name, '2026-01-15')
    else params.set(filter.name, 'NEW')
  }
  return params
}

const presets = new URLSearchParams(
  LIST_FILTERS.flatMap((filter) => ('keys' in filter && filter.control.presets[0] ? [[filter.keys.preset, filter.control.presets[0]]] : [])),
)

describe("a filter's name", () => {
  const chips = [...filterChips(parseListSearch(everyFilterSet())), ...filterChips(parseListSearch(presets))]

  it('shows a chip for every declared filter', () => {
    expect(new Set(chips.map((chip) => chip.filter.replace(/(From|To|Preset)$/, '')))).toEqual(new Set(LIST_FILTERS.map((filter) => filter.name)))
  })

  it.each([
    ['English', listViewEn],
    ['French', listViewFr],
  ])('is in the list view’s messages in %s, for every chip and every control (a filter added to the declaration needs its name there)', (_, messages) => {
    const names: Record<string, string> = messages.filter
    for (const chip of chips) expect(names[chip.label], `listView.filter.${chip.label}`).toEqual(expect.any(String))
    for (const filter of LIST_FILTERS) if (filter.control) expect(names[filter.name], `listView.filter.${filter.name}`).toEqual(expect.any(String))
  })

  it('is loaded by both pages that show filters: the list and the dashboard', () => {
    for (const path of ['/requests', '/']) {
      const page = SIGNED_IN_PAGES.find((candidate) => candidate.path === path)
      expect(page?.features, path).toContain('list-view')
    }
  })
})
