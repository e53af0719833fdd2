import { useState, type MouseEvent, type SubmitEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { CatalogItem } from '@contract/catalog'
import {
  DATE_PRESETS,
  DATE_RANGES,
  FILTER_CONTROLS,
  MAX_ID_FILTER_LENGTH,
  presetRange,
  readFilterForm,
  type DatePreset,
  type DateRange,
  type RequestListSearch,
} from '@/lib/request-search'
import { CheckGroup } from '@/components/ui/check-group'
import { TypeFilter } from '@/components/ui/type-filter'
import { ApplyFilters, CustomerReferenceFilter, OverdueAndArchivedFilters } from '@/components/ui/request-filter-fields'
import { useQuery } from '@tanstack/react-query'
import { codeText } from '@/lib/code-label'
import { existingStatusesQuery, statusOptions } from '@/lib/queries/statuses'

/** A desk's width, as the styles name it (src/styles.css). */
const DESK_WIDTH = '(min-width: 64rem)'

/** The ranges that have presets: a requested date may be ahead, a creation date only behind. */
const PRESETS: Partial<Record<DateRange, readonly DatePreset[]>> = {
  requested: DATE_PRESETS,
  created: DATE_PRESETS.filter((preset) => preset !== 'next30'),
}

/**
 * The filters as a form: its fields start from the URL (the parent remounts it when the URL's filters
 * change, e.g. on Back) and applying it writes the URL. Nothing is sent to the API from here; reading the
 * form is the model the dashboard's form shares (readFilterForm).
 */
export function FiltersForm(props: {
  id: string
  search: RequestListSearch
  catalog: { data?: readonly CatalogItem[]; isError: boolean }
  onApply: (search: RequestListSearch) => void
}) {
  const { t } = useTranslation()
  const { search, catalog } = props
  // The statuses that exist, the operator's own included (docs/decisions/0028-tolerant-reader.md); asked for only once
  // the form is open, so the list's first view makes no extra call.
  const existingStatuses = useQuery(existingStatusesQuery())
  const [badRange, setBadRange] = useState<DateRange | null>(null)
  // The preset each range was given, if any: applied, it goes to the URL instead of the days, so that the view stays
  // relative (docs/decisions/0025-list-views.md). Typing a day replaces it.
  const [presets, setPresets] = useState<Partial<Record<DateRange, DatePreset>>>(() =>
    Object.fromEntries(DATE_RANGES.flatMap((range) => (search[range.preset] ? [[range.range, search[range.preset]]] : []))),
  )
  const choosePreset = (range: DateRange, preset: DatePreset | undefined) => setPresets((chosen) => ({ ...chosen, [range]: preset }))
  // The date ranges fold away on a phone, where they would make the form three screens tall: open when one is set, and
  // always at a desk's width, where they sit beside the other filters.
  const rangesSet = DATE_RANGES.filter((range) => search[range.from] || search[range.to] || search[range.preset]).length
  const [datesOpen, setDatesOpen] = useState(() => rangesSet > 0 || window.matchMedia?.(DESK_WIDTH).matches === true)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reading = readFilterForm(new FormData(event.currentTarget), FILTER_CONTROLS, search)
    if (reading.invertedRange) {
      setDatesOpen(true)
      setBadRange(reading.invertedRange.range)
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${reading.invertedRange.to}"]`)?.focus()
      return
    }
    setBadRange(null)
    props.onApply(reading.search)
  }

  // A preset fills the range's two fields (in the person's time zone), to show its days, and is what applying keeps.
  const applyPreset = (event: MouseEvent<HTMLButtonElement>, range: (typeof DATE_RANGES)[number], preset: DatePreset) => {
    const form = event.currentTarget.form
    const { from, to } = presetRange(preset)
    const set = (name: string, value: string) => {
      const input = form?.elements.namedItem(name)
      if (input instanceof HTMLInputElement) input.value = value
    }
    set(range.from, from)
    set(range.to, to)
    choosePreset(range.range, preset)
  }

  return (
    <section id={props.id} aria-labelledby="filters-title" className="card filters">
      <h2 id="filters-title">{t('requests.filters.title')}</h2>
      <form onSubmit={submit} noValidate className="filters__form">
        <CheckGroup
          legend={t('requests.filters.status')}
          name="status"
          className="filters__group"
          checked={search.status}
          options={statusOptions(existingStatuses.data, search.status).map((status) => ({ value: status, label: codeText(t, 'requests', 'status', status) }))}
        />

        <TypeFilter
          legend={t('requests.filters.type')}
          className="filters__group filters__group--wide"
          catalog={catalog}
          checked={search.type}
          text={{ codes: t('requests.filters.typeCodes'), codesHint: t('requests.filters.typeCodesHint'), loading: t('requests.filters.typesLoading') }}
        />

        <div className="filters__group filters__fields">
          <CustomerReferenceFilter search={search} messages="requests.filters" />
          <label className="field">
            {t('requests.filters.id')}
            <input
              type="text"
              name="id"
              defaultValue={search.id ?? ''}
              maxLength={MAX_ID_FILTER_LENGTH}
              aria-describedby="id-hint"
              autoComplete="off"
              spellCheck={false}
            />
            <span id="id-hint" className="muted">
              {t('requests.filters.idHint')}
            </span>
          </label>
          <OverdueAndArchivedFilters search={search} messages="requests.filters" />
        </div>

        <details className="filters__dates" open={datesOpen} onToggle={(event) => setDatesOpen(event.currentTarget.open)}>
          <summary>{rangesSet ? t('requests.filters.datesSet', { count: rangesSet }) : t('requests.filters.dates')}</summary>
          <div className="filters__dates-ranges">
            {DATE_RANGES.map((range) => (
              <fieldset key={range.range} className="filters__group filters__range">
                <legend>{t(`requests.filters.range.${range.range}`)}</legend>
                <label className="field">
                  {t('requests.filters.from')}
                  <input type="date" name={range.from} defaultValue={search[range.from] ?? ''} onChange={() => choosePreset(range.range, undefined)} />
                </label>
                <label className="field">
                  {t('requests.filters.to')}
                  <input
                    type="date"
                    name={range.to}
                    defaultValue={search[range.to] ?? ''}
                    onChange={() => choosePreset(range.range, undefined)}
                    aria-invalid={badRange === range.range || undefined}
                    aria-describedby={badRange === range.range ? `${range.range}-range-error` : undefined}
                  />
                </label>
                <input type="hidden" name={range.preset} value={presets[range.range] ?? ''} />
                {PRESETS[range.range] && (
                  <div
                    className="filters__presets"
                    role="group"
                    aria-label={t('requests.filters.presets', { range: t(`requests.filters.range.${range.range}`) })}
                  >
                    {PRESETS[range.range]!.map((preset) => (
                      <button
                        key={preset}
                        type="button"
                        className="chip"
                        aria-pressed={presets[range.range] === preset}
                        onClick={(event) => applyPreset(event, range, preset)}
                      >
                        {t(`requests.filters.preset.${preset}`)}
                      </button>
                    ))}
                  </div>
                )}
                {badRange === range.range && (
                  <p id={`${range.range}-range-error`} role="alert" className="field-error">
                    {t('requests.filters.rangeInverted')}
                  </p>
                )}
              </fieldset>
            ))}
          </div>
        </details>

        <ApplyFilters className="filters__actions" messages="requests.filters" />
      </form>
    </section>
  )
}
