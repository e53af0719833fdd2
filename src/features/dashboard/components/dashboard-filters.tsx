import type { SubmitEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { REQUEST_STATUSES } from '@contract/request'
import { parseListSearch, type RequestListSearch } from '@/lib/request-search'
import { CheckGroup } from '@/components/ui/check-group'
import { YesNoFilter } from '@/components/ui/yes-no-filter'

/**
 * The filters that narrow every count, in the list's terms (the same URL parameters). Filters this form
 * has no control for (a step, dates, ids), which a link may bring, stay as they are.
 */
export function DashboardFilters({ search, onApply, onReset }: { search: RequestListSearch; onApply: (search: RequestListSearch) => void; onReset: () => void }) {
  const { t } = useTranslation()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const params = new URLSearchParams()
    const statuses = data.getAll('status').map(String)
    if (statuses.length) params.set('status', statuses.join(','))
    for (const name of ['type', 'customerReference', 'isOverdue', 'isArchived']) {
      const value = String(data.get(name) ?? '').trim()
      if (value) params.set(name, value.replace(/\s*,\s*/g, ','))
    }
    const typed = parseListSearch(params)
    onApply({ ...search, status: typed.status, type: typed.type, customerReference: typed.customerReference, isOverdue: typed.isOverdue, isArchived: typed.isArchived, page: 1 })
  }
  return (
    <section aria-labelledby="dashboard-filters-title" className="card dashboard-filters">
      <h2 id="dashboard-filters-title">{t('dashboard.filters.title')}</h2>
      <form onSubmit={submit} className="dashboard-filters__form">
        <CheckGroup legend={t('dashboard.filters.status')} name="status" checked={search.status} options={REQUEST_STATUSES.map((status) => ({ value: status, label: t(`dashboard.status.${status}`) }))} />
        <label className="field">
          {t('dashboard.filters.type')}
          <input type="text" name="type" defaultValue={search.type.join(', ')} aria-describedby="dashboard-type-hint" autoComplete="off" spellCheck={false} />
          <span id="dashboard-type-hint" className="muted">{t('dashboard.filters.typeHint')}</span>
        </label>
        <label className="field">
          {t('dashboard.filters.customerReference')}
          <input type="text" name="customerReference" defaultValue={search.customerReference ?? ''} maxLength={19} aria-describedby="dashboard-reference-hint" autoComplete="off" />
          <span id="dashboard-reference-hint" className="muted">{t('dashboard.filters.customerReferenceHint')}</span>
        </label>
        <YesNoFilter label={t('dashboard.filters.overdue')} name="isOverdue" value={search.isOverdue} any={t('dashboard.filters.any')} yes={t('dashboard.filters.overdueOnly')} no={t('dashboard.filters.notOverdue')} />
        <YesNoFilter label={t('dashboard.filters.archived')} name="isArchived" value={search.isArchived} any={t('dashboard.filters.any')} yes={t('dashboard.filters.archivedOnly')} no={t('dashboard.filters.notArchived')} />
        <div className="dashboard-filters__actions">
          <button type="submit" className="button">
            {t('dashboard.filters.apply')}
          </button>
          <button type="button" className="button button--secondary" onClick={onReset}>
            {t('dashboard.filters.reset')}
          </button>
        </div>
      </form>
    </section>
  )
}
