import type { SubmitEvent } from 'react'
import type { CatalogItem } from '@contract/catalog'
import { useTranslation } from '@/i18n/use-translation'
import { readFilterForm, type FilterControl, type RequestListSearch } from '@/lib/request-search'
import { CheckGroup } from '@/components/ui/check-group'
import { TypeFilter } from '@/components/ui/type-filter'
import { ApplyFilters, CustomerReferenceFilter, OverdueAndArchivedFilters } from '@/components/ui/request-filter-fields'
import { useQuery } from '@tanstack/react-query'
import { codeText } from '@/lib/code-label'
import { existingStatusesQuery, statusOptions } from '@/lib/queries/statuses'

/** The dashboard's controls; the filters it has none for (a step, dates, ids), which a link may bring, stay as they are. */
const CONTROLS: readonly FilterControl[] = ['status', 'type', 'customerReference', 'isOverdue', 'isArchived']

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
  // The statuses that exist, the operator's own included (docs/decisions/0028-tolerant-reader.md).
  const existingStatuses = useQuery(existingStatusesQuery())
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reading = readFilterForm(new FormData(event.currentTarget), CONTROLS, search)
    if (reading.search) onApply(reading.search)
  }
  return (
    <section id={id} aria-labelledby="dashboard-filters-title" className="card dashboard-filters">
      <h2 id="dashboard-filters-title">{t('dashboard.filters.title')}</h2>
      <form onSubmit={submit} className="dashboard-filters__form">
        <CheckGroup
          legend={t('dashboard.filters.status')}
          name="status"
          checked={search.status}
          options={statusOptions(existingStatuses.data, search.status).map((status) => ({ value: status, label: codeText(t, 'dashboard', 'status', status) }))}
        />
        <TypeFilter
          legend={t('dashboard.filters.type')}
          catalog={catalog}
          checked={search.type}
          text={{ codes: t('dashboard.filters.typeCodes'), codesHint: t('dashboard.filters.typeHint'), loading: t('dashboard.filters.typesLoading') }}
        />
        <CustomerReferenceFilter search={search} messages="dashboard.filters" />
        <OverdueAndArchivedFilters search={search} messages="dashboard.filters" />
        <ApplyFilters className="dashboard-filters__actions" messages="dashboard.filters" />
      </form>
    </section>
  )
}
