import type { Ref } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { filterChips, type RequestListSearch } from '@/lib/request-search'
import type { ListFormatters } from '@/lib/format'
import { FilterChips } from '@/components/ui/filter-chips'
import { codeText } from '@/lib/code-label'

/** Every filter of the list in force, in words, each removable; a reset. */
export function ActiveFilters({
  ref,
  ...props
}: {
  ref: Ref<HTMLElement>
  search: RequestListSearch
  format: ListFormatters
  typeName: (type: string) => string
  onChange: (search: RequestListSearch) => void
  onReset: () => void
}) {
  const { t } = useTranslation()
  const { format } = props
  const yesNo = (value: string) => t(value === 'true' ? 'requests.list.yes' : 'requests.list.no')
  const words = (filter: string, value: string): [string, string] => {
    switch (filter) {
      case 'status':
        return [t('requests.filters.status'), codeText(t, 'requests', 'status', value)]
      case 'step':
      case 'subStep':
      case 'category':
        return [t(`requests.column.${filter}`), codeText(t, 'requests', filter, value)]
      case 'type':
        return [t('requests.filters.type'), props.typeName(value)]
      case 'customerReference':
      case 'id':
        return [t(`requests.filters.${filter}`), value]
      case 'isOverdue':
        return [t('requests.filters.overdue'), yesNo(value)]
      case 'isArchived':
        return [t('requests.filters.archived'), yesNo(value)]
      case 'requestedPreset':
      case 'createdPreset':
      case 'updatedPreset':
        return [t(`requests.filters.range.${filter.replace('Preset', '')}`), t(`requests.filters.preset.${value}`)]
      default:
        return [t(`requests.filters.bound.${filter}`), format.day(value)]
    }
  }
  return (
    <FilterChips
      ref={ref}
      id="active-filters-title"
      title={t('requests.filters.active')}
      chips={filterChips(props.search).map((chip) => {
        const [name, value] = words(chip.filter, chip.value)
        return { key: chip.key, label: t('requests.filters.chip', { name, value }), onRemove: () => props.onChange(chip.without) }
      })}
      none={t('requests.filters.noneActive')}
      removeLabel={(filter) => t('requests.filters.remove', { filter })}
      reset={t('requests.filters.reset')}
      onReset={props.onReset}
    />
  )
}
