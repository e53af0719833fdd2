import type { TFunction } from '@/i18n/translator'
import { codeText, readableCode, type CodeKind } from '@/lib/code-label'
import type { FilterChip } from '@/lib/request-search'

/** What a page says a chip's value with: a type's name, a day in the person's format, its yes and no. */
export interface ChipSayers {
  typeName: (type: string) => string
  day: (isoDate: string) => string
  yes: string
  no: string
}

/**
 * A filter chip in words ("Status: Rejected"), as the list view's declaration says it (contract/list-view.ts): its
 * name's key under the page's messages, and how its value reads. A filter the dashboard has no name for is named
 * from its address name, readably (docs/decisions/0028-tolerant-reader.md).
 */
export function chipText(t: TFunction, page: 'requests' | 'dashboard', chip: FilterChip, say: ChipSayers): string {
  const label = page === 'requests' ? chip.label.list : (chip.label.dashboard ?? `filters.other.${chip.filter}`)
  const name = t(`${page}.${label}`, { defaultValue: readableCode(chip.filter) })
  return t(`${page}.filters.chip`, { name, value: chipValue(t, page, chip, say) })
}

function chipValue(t: TFunction, page: string, chip: FilterChip, say: ChipSayers): string {
  switch (chip.reads) {
    case 'code':
      return codeText(t, page, chip.filter as CodeKind, chip.value)
    case 'type':
      return say.typeName(chip.value)
    case 'yesNo':
      return chip.value === 'true' ? say.yes : say.no
    case 'preset':
      return t(`${page}.filters.preset.${chip.value}`)
    case 'day':
      return say.day(chip.value)
    case 'text':
      return chip.value
  }
}
