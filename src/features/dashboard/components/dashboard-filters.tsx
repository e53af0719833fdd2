import type { SubmitEvent } from 'react'
import type { CatalogItem } from '@contract/catalog'
import { LIST_FILTERS, type ListFilter } from '@contract/list-view'
import { useTranslation } from '@/i18n/use-translation'
import { readFilterForm, type FilterControl, type RequestListSearch } from '@/lib/request-search'
import { ApplyFilters, FilterField } from '@/components/ui/request-filter-fields'

/** The dashboard's controls; the filters it has none for (a step, dates, ids), which a link may bring, stay as they are. */
const CONTROLS: readonly FilterControl[] = ['status', 'type', 'customerReference', 'isOverdue', 'isArchived']
const FILTERS = (LIST_FILTERS as readonly ListFilter[]).filter((filter) => (CONTROLS as readonly string[]).includes(filter.name))

/** The filters that narrow every count, in the list's terms (the same URL parameters, the same form model). */
export function DashboardFilters({
  id,
  search,
  catalog,
  onApply,
}: {
  id: string
  search: RequestListSearch
  catalog: { data?: readonly CatalogItem[]; isError: boolean }
  onApply: (search: RequestListSearch) => void
}) {
  const { t } = useTranslation()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reading = readFilterForm(new FormData(event.currentTarget), CONTROLS, search)
    if (reading.search) onApply(reading.search)
  }
  return (
    <section id={id} aria-labelledby="dashboard-filters-title" className="card dashboard-filters">
      <h2 id="dashboard-filters-title">{t('dashboard.filters.title')}</h2>
      <form onSubmit={submit} className="dashboard-filters__form">
        {FILTERS.map((filter) => (
          <FilterField key={filter.name} filter={filter} search={search} messages="dashboard.filters" catalog={catalog} />
        ))}
        <ApplyFilters className="dashboard-filters__actions" messages="dashboard.filters" />
      </form>
    </section>
  )
}
