import { useState, type SubmitEvent } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { REQUEST_STATUSES } from '@contract/request'
import type { CatalogItem } from '@contract/catalog'
import { parseListSearch, type RequestListSearch } from '@/lib/request-search'
import { CheckGroup } from '@/components/ui/check-group'
import { YesNoFilter } from '@/components/ui/yes-no-filter'

/** The date ranges of the form: their legend, and the URL names of their bounds. */
const RANGES = [
  { range: 'requested', from: 'requestedFrom', to: 'requestedTo' },
  { range: 'created', from: 'createdFrom', to: 'createdTo' },
  { range: 'updated', from: 'updatedFrom', to: 'updatedTo' },
] as const
type Range = (typeof RANGES)[number]['range']

const TEXT_FIELDS = ['customerReference', 'id', 'isOverdue', 'isArchived', ...RANGES.flatMap((r) => [r.from, r.to])] as const

/**
 * The filters as a form: its fields start from the URL (the parent remounts it when the URL's filters
 * change, e.g. on Back) and applying it writes the URL. Nothing is sent to the API from here.
 */
export function FiltersForm(props: {
  search: RequestListSearch
  catalog: UseQueryResult<CatalogItem[]>
  onApply: (search: RequestListSearch) => void
}) {
  const { t } = useTranslation()
  const { search, catalog } = props
  const [badRange, setBadRange] = useState<Range | null>(null)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const params = new URLSearchParams()
    const statuses = data.getAll('status').map(String)
    if (statuses.length) params.set('status', statuses.join(','))
    const types = data.getAll('type').flatMap((value) => String(value).split(',')).map((type) => type.trim()).filter(Boolean)
    if (types.length) params.set('type', [...new Set(types)].join(','))
    for (const name of TEXT_FIELDS) {
      const value = String(data.get(name) ?? '').trim()
      if (value) params.set(name, value)
    }
    const filters = parseListSearch(params)
    const inverted = RANGES.find(({ from, to }) => filters[from] && filters[to] && filters[from] > filters[to])
    if (inverted) {
      setBadRange(inverted.range)
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${inverted.to}"]`)?.focus()
      return
    }
    setBadRange(null)
    // The filters the form has no control for (step, sub-step, category) stay until their chip removes them.
    props.onApply({ ...filters, step: search.step, subStep: search.subStep, category: search.category, sort: search.sort, size: search.size, page: 1 })
  }

  const catalogTypes = catalog.data?.map((item) => ({ type: item.type, name: item.name })) ?? []
  const typeChoices = [...catalogTypes, ...search.type.filter((type) => !catalogTypes.some((c) => c.type === type)).map((type) => ({ type, name: type }))]

  return (
    <section aria-labelledby="filters-title" className="card filters">
      <h2 id="filters-title">{t('requests.filters.title')}</h2>
      <form onSubmit={submit} noValidate className="filters__form">
        <CheckGroup legend={t('requests.filters.status')} name="status" className="filters__group" checked={search.status} options={REQUEST_STATUSES.map((status) => ({ value: status, label: t(`requests.status.${status}`) }))} />

        <fieldset className="filters__group filters__group--wide">
          <legend>{t('requests.filters.type')}</legend>
          {catalog.isError ? (
            // Without the catalog, type codes can still be typed.
            <label className="field">
              {t('requests.filters.typeCodes')}
              <input type="text" name="type" defaultValue={search.type.join(', ')} aria-describedby="type-codes-hint" />
              <span id="type-codes-hint" className="muted">
                {t('requests.filters.typeCodesHint')}
              </span>
            </label>
          ) : catalog.isPending ? (
            <>
              <p className="muted">{t('requests.filters.typesLoading')}</p>
              {search.type.length > 0 && <input type="hidden" name="type" value={search.type.join(',')} />}
            </>
          ) : (
            <div className="filters__checks">
              {typeChoices.map(({ type, name }) => (
                <label key={type} className="check">
                  <input type="checkbox" name="type" value={type} defaultChecked={search.type.includes(type)} /> {name}
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <div className="filters__group filters__fields">
          <label className="field">
            {t('requests.filters.customerReference')}
            <input type="text" name="customerReference" defaultValue={search.customerReference ?? ''} maxLength={19} aria-describedby="customer-reference-hint" autoComplete="off" />
            <span id="customer-reference-hint" className="muted">
              {t('requests.filters.customerReferenceHint')}
            </span>
          </label>
          <label className="field">
            {t('requests.filters.id')}
            <input type="text" name="id" defaultValue={search.id ?? ''} maxLength={64} aria-describedby="id-hint" autoComplete="off" spellCheck={false} />
            <span id="id-hint" className="muted">
              {t('requests.filters.idHint')}
            </span>
          </label>
          <YesNoFilter label={t('requests.filters.overdue')} name="isOverdue" value={search.isOverdue} any={t('requests.filters.any')} yes={t('requests.filters.overdueOnly')} no={t('requests.filters.notOverdue')} />
          <YesNoFilter label={t('requests.filters.archived')} name="isArchived" value={search.isArchived} any={t('requests.filters.any')} yes={t('requests.filters.archivedOnly')} no={t('requests.filters.notArchived')} />
        </div>

        {RANGES.map(({ range, from, to }) => (
          <fieldset key={range} className="filters__group filters__range">
            <legend>{t(`requests.filters.range.${range}`)}</legend>
            <label className="field">
              {t('requests.filters.from')}
              <input type="date" name={from} defaultValue={search[from] ?? ''} />
            </label>
            <label className="field">
              {t('requests.filters.to')}
              <input
                type="date"
                name={to}
                defaultValue={search[to] ?? ''}
                aria-invalid={badRange === range || undefined}
                aria-describedby={badRange === range ? `${range}-range-error` : undefined}
              />
            </label>
            {badRange === range && (
              <p id={`${range}-range-error`} role="alert" className="field-error">
                {t('requests.filters.rangeInverted')}
              </p>
            )}
          </fieldset>
        ))}

        <div className="filters__actions">
          <button type="submit" className="button">
            {t('requests.filters.apply')}
          </button>
        </div>
      </form>
    </section>
  )
}
