import type { Ref } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { filterChips, type RequestListSearch } from '@/lib/request-search'
import type { ListFormatters } from '@/lib/format'
import { FilterChips } from '@/components/ui/filter-chips'
import { chipText } from '@/components/ui/filter-chip-words'

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
  const say = { typeName: props.typeName, day: props.format.day, yes: t('requests.list.yes'), no: t('requests.list.no') }
  return (
    <FilterChips
      ref={ref}
      id="active-filters-title"
      title={t('requests.filters.active')}
      chips={filterChips(props.search).map((chip) => ({
        key: chip.key,
        label: chipText(t, 'requests', chip, say),
        onRemove: () => props.onChange(chip.without),
      }))}
      none={t('requests.filters.noneActive')}
      removeLabel={(filter) => t('requests.filters.remove', { filter })}
      reset={t('requests.filters.reset')}
      onReset={props.onReset}
    />
  )
}
