import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { CatalogItem } from '@contract/catalog'
import type { ListFilter } from '@contract/list-view'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestListSearch } from '@/lib/request-search'
import { codeText, type CodeKind } from '@/lib/code-label'
import { existingStatusesQuery, statusOptions } from '@/lib/queries/statuses'
import { CheckGroup } from './check-group'
import { TypeFilter } from './type-filter'
import { YesNoFilter } from './yes-no-filter'
import { filterName } from './filter-chip-words'

/**
 * One filter's control, as the list view's declaration gives it (contract/list-view.ts): the requests list and the
 * dashboard render their forms from it, and `readFilterForm` (src/lib/request-search.ts) reads them back through the
 * same declaration. Its label is the filter's name (`filterName`); `messages` is the prefix of the feature's other
 * filter words (`requests.filters`, `dashboard.filters`: hints, yes and no), which hold the same keys in each
 * language. Date ranges are the list's own (filters-form.tsx).
 */
interface FilterFieldProps {
  filter: ListFilter
  search: RequestListSearch
  messages: string
  catalog: { data?: readonly CatalogItem[]; isError: boolean }
  className?: string
}

export function FilterField({ filter, search, messages, catalog, className }: FilterFieldProps) {
  const { t } = useTranslation()
  const values = search as unknown as Record<string, never>
  const control = filter.control
  switch (control?.kind) {
    case 'codes':
      return <CodesField filter={filter} search={search} messages={messages} catalog={catalog} className={className} />
    case 'types':
      return (
        <TypeFilter
          legend={filterName(t, filter.name)}
          className={className}
          catalog={catalog}
          checked={values[filter.name] ?? []}
          text={{ codes: t(`${messages}.${control.codes}`), codesHint: t(`${messages}.${control.hint}`), loading: t(`${messages}.${control.loading}`) }}
        />
      )
    case 'text':
      return (
        <TextField
          type={control.input ?? 'text'}
          name={filter.name}
          value={values[filter.name]}
          label={filterName(t, filter.name)}
          hint={control.hint && t(`${messages}.${control.hint}`)}
          maxLength={control.maxLength}
        />
      )
    case 'yesNo':
      return (
        <YesNoFilter
          label={filterName(t, filter.name)}
          name={filter.name}
          value={values[filter.name]}
          any={t(`${messages}.any`)}
          yes={t(`${messages}.${control.yes}`)}
          no={t(`${messages}.${control.no}`)}
        />
      )
    default:
      return null
  }
}

/** Codes to tick: those that exist (the aggregate, the operator's own included: docs/decisions/0028-tolerant-reader.md). */
function CodesField({ filter, search, messages, className }: FilterFieldProps) {
  const { t } = useTranslation()
  // Asked for only once the form is open, so the list's first view makes no extra call.
  const existing = useQuery(existingStatusesQuery())
  const checked = (search as unknown as Record<string, string[]>)[filter.name] ?? []
  const page = messages.split('.')[0]!
  return (
    <CheckGroup
      legend={filterName(t, filter.name)}
      name={filter.name}
      className={className}
      checked={checked}
      options={statusOptions(existing.data, checked).map((code) => ({ value: code, label: codeText(t, page, filter.name as CodeKind, code) }))}
    />
  )
}

/** A typed filter: a prefix search, a list of ids, any text the API takes as it is, or a day. */
function TextField(props: { type: 'text' | 'date'; name: string; value: string | undefined; label: string; hint: string | undefined; maxLength: number }) {
  const hint = useId()
  return (
    <label className="field">
      {props.label}
      <input
        type={props.type}
        name={props.name}
        defaultValue={props.value ?? ''}
        maxLength={props.maxLength}
        aria-describedby={props.hint ? hint : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {props.hint && (
        <span id={hint} className="muted">
          {props.hint}
        </span>
      )}
    </label>
  )
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
