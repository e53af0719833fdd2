import type { TFunction } from '@/i18n/translator'
import { readableCode } from '@contract/code-label'
import { codeText, type CodeKind } from '@/lib/code-label'
import type { FilterChip } from '@/lib/request-search'

/** What a page says a chip's value with: a type's name, a day in the person's format, its yes and no. */
export interface ChipSayers {
  typeName: (type: string) => string
  day: (isoDate: string) => string
  yes: string
  no: string
}

/**
 * A filter's name ("Status", "Requested from"), by its key in the list view's messages (`listView.filter.`, the
 * catalog src/features/list-view/locales/ that the list's and the dashboard's routes load): the one place a filter is
 * named, for both pages' chips and controls (contract/list-view.ts, docs/decisions/0038-list-view-declaration.md). A
 * name the catalog lacks is the key made readable (docs/decisions/0028-tolerant-reader.md).
 */
export function filterName(t: TFunction, key: string): string {
  return t(`listView.filter.${key}`, { defaultValue: readableCode(key) })
}

/** A filter chip in words ("Status: Rejected"): its name, and its value as the declaration says it reads. */
export function chipText(t: TFunction, page: 'requests' | 'dashboard', chip: FilterChip, say: ChipSayers): string {
  return t(`${page}.filters.chip`, { name: filterName(t, chip.label), value: chipValue(t, page, chip, say) })
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
