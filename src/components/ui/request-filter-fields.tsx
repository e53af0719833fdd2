import { useId } from 'react'
import { CUSTOMER_REFERENCE_MAX } from '@contract/request'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestListSearch } from '@/lib/request-search'
import { YesNoFilter } from './yes-no-filter'

/**
 * The filter fields the requests list and the dashboard both have (one filter-form model: `readFilterForm` in
 * src/lib/request-search.ts reads them). `messages` is the prefix of the feature's filter messages
 * (`requests.filters`, `dashboard.filters`), which hold the same keys in each language.
 */
interface FilterFieldsProps {
  search: RequestListSearch
  messages: string
}

/** The customer reference: a prefix search, `*` for any characters (at most 18 characters, and the `*`). */
export function CustomerReferenceFilter({ search, messages }: FilterFieldsProps) {
  const { t } = useTranslation()
  const hint = useId()
  return (
    <label className="field">
      {t(`${messages}.customerReference`)}
      <input
        type="text"
        name="customerReference"
        defaultValue={search.customerReference ?? ''}
        maxLength={CUSTOMER_REFERENCE_MAX + 1}
        aria-describedby={hint}
        autoComplete="off"
      />
      <span id={hint} className="muted">
        {t(`${messages}.customerReferenceHint`)}
      </span>
    </label>
  )
}

/** The yes/no filters, with their messages' keys. */
const FLAGS = [
  { name: 'isOverdue', label: 'overdue', yes: 'overdueOnly', no: 'notOverdue' },
  { name: 'isArchived', label: 'archived', yes: 'archivedOnly', no: 'notArchived' },
] as const

/** Overdue and archived, each any, yes or no. */
export function OverdueAndArchivedFilters({ search, messages }: FilterFieldsProps) {
  const { t } = useTranslation()
  return FLAGS.map((flag) => (
    <YesNoFilter
      key={flag.name}
      label={t(`${messages}.${flag.label}`)}
      name={flag.name}
      value={search[flag.name]}
      any={t(`${messages}.any`)}
      yes={t(`${messages}.${flag.yes}`)}
      no={t(`${messages}.${flag.no}`)}
    />
  ))
}

/** The form's submit button, in its row: applying writes the filters to the URL. */
export function ApplyFilters({ className, messages }: { className: string; messages: string }) {
  const { t } = useTranslation()
  return (
    <div className={className}>
      <button type="submit" className="button">
        {t(`${messages}.apply`)}
      </button>
    </div>
  )
}
