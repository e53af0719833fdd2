import { useState, type MouseEvent, type SubmitEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { CatalogItem } from '@contract/catalog'
import { DATE_RANGE_FILTERS, LIST_FILTERS, type DateRangeFilter, type ListFilter } from '@contract/list-view'
import { FILTER_CONTROLS, presetRange, readFilterForm, type DatePreset, type RequestListSearch } from '@/lib/request-search'
import { ApplyFilters, FilterField } from '@/components/ui/request-filter-fields'
import { filterName } from '@/components/ui/filter-chip-words'

/** A desk's width, as the styles name it (src/styles.css). */
const DESK_WIDTH = '(min-width: 64rem)'

type RangeName = DateRangeFilter['name']
const FILTERS: readonly ListFilter[] = LIST_FILTERS
/** The controls that are groups of their own (codes to tick, types), and those that sit together as fields. */
const GROUPS = FILTERS.filter((filter) => filter.control?.kind === 'codes' || filter.control?.kind === 'types')
const FIELDS = FILTERS.filter((filter) => filter.control?.kind === 'text' || filter.control?.kind === 'yesNo')

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
  const [badRange, setBadRange] = useState<RangeName | null>(null)
  // The preset each range was given, if any: applied, it goes to the URL instead of the days, so that the view stays
  // relative (docs/decisions/0025-list-views.md). Typing a day replaces it.
  const [presets, setPresets] = useState<Partial<Record<RangeName, DatePreset>>>(() =>
    Object.fromEntries(DATE_RANGE_FILTERS.flatMap((range) => (search[range.keys.preset] ? [[range.name, search[range.keys.preset]]] : []))),
  )
  const choosePreset = (range: RangeName, preset: DatePreset | undefined) => setPresets((chosen) => ({ ...chosen, [range]: preset }))
  // The date ranges fold away on a phone, where they would make the form three screens tall: open when one is set, and
  // always at a desk's width, where they sit beside the other filters.
  const rangesSet = DATE_RANGE_FILTERS.filter(({ keys }) => search[keys.from] || search[keys.to] || search[keys.preset]).length
  const [datesOpen, setDatesOpen] = useState(() => rangesSet > 0 || window.matchMedia?.(DESK_WIDTH).matches === true)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reading = readFilterForm(new FormData(event.currentTarget), FILTER_CONTROLS, search)
    if (reading.invertedRange) {
      setDatesOpen(true)
      setBadRange(reading.invertedRange.name)
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${reading.invertedRange.keys.to}"]`)?.focus()
      return
    }
    setBadRange(null)
    props.onApply(reading.search)
  }

  return (
    <section id={props.id} aria-labelledby="filters-title" className="card filters">
      <h2 id="filters-title">{t('requests.filters.title')}</h2>
      <form onSubmit={submit} noValidate className="filters__form">
        {GROUPS.map((filter) => (
          <FilterField
            key={filter.name}
            filter={filter}
            search={search}
            messages="requests.filters"
            catalog={catalog}
            className={filter.control?.kind === 'types' ? 'filters__group filters__group--wide' : 'filters__group'}
          />
        ))}

        <div className="filters__group filters__fields">
          {FIELDS.map((filter) => (
            <FilterField key={filter.name} filter={filter} search={search} messages="requests.filters" catalog={catalog} />
          ))}
        </div>

        <details className="filters__dates" open={datesOpen} onToggle={(event) => setDatesOpen(event.currentTarget.open)}>
          <summary>{rangesSet ? t('requests.filters.datesSet', { count: rangesSet }) : t('requests.filters.dates')}</summary>
          <div className="filters__dates-ranges">
            {DATE_RANGE_FILTERS.map((range) => (
              <DateRangeFieldset
                key={range.name}
                range={range}
                search={search}
                preset={presets[range.name]}
                invalid={badRange === range.name}
                onPreset={(preset) => choosePreset(range.name, preset)}
              />
            ))}
          </div>
        </details>

        <ApplyFilters className="filters__actions" messages="requests.filters" />
      </form>
    </section>
  )
}

/**
 * One date range: its two days, the presets that fill them, and the message when the range ends before it starts.
 * The chosen preset is the form's (a hidden field), so that applying keeps it rather than its days.
 */
function DateRangeFieldset(props: {
  range: DateRangeFilter
  search: RequestListSearch
  preset: DatePreset | undefined
  invalid: boolean
  onPreset: (preset: DatePreset | undefined) => void
}) {
  const { t } = useTranslation()
  const { range, search, invalid } = props
  // A preset fills the range's two fields (in the person's time zone), to show its days, and is what applying keeps.
  const applyPreset = (event: MouseEvent<HTMLButtonElement>, preset: DatePreset) => {
    const form = event.currentTarget.form
    const { from, to } = presetRange(preset)
    const set = (name: string, value: string) => {
      const input = form?.elements.namedItem(name)
      if (input instanceof HTMLInputElement) input.value = value
    }
    set(range.keys.from, from)
    set(range.keys.to, to)
    props.onPreset(preset)
  }
  return (
    <fieldset className="filters__group filters__range">
      <legend>{filterName(t, range.name)}</legend>
      <label className="field">
        {t('requests.filters.from')}
        <input type="date" name={range.keys.from} defaultValue={search[range.keys.from] ?? ''} onChange={() => props.onPreset(undefined)} />
      </label>
      <label className="field">
        {t('requests.filters.to')}
        <input
          type="date"
          name={range.keys.to}
          defaultValue={search[range.keys.to] ?? ''}
          onChange={() => props.onPreset(undefined)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${range.name}-range-error` : undefined}
        />
      </label>
      <input type="hidden" name={range.keys.preset} value={props.preset ?? ''} />
      {range.control.presets.length > 0 && (
        <div className="filters__presets" role="group" aria-label={t('requests.filters.presets', { range: filterName(t, range.name) })}>
          {range.control.presets.map((preset) => (
            <button key={preset} type="button" className="chip" aria-pressed={props.preset === preset} onClick={(event) => applyPreset(event, preset)}>
              {t(`requests.filters.preset.${preset}`)}
            </button>
          ))}
        </div>
      )}
      {invalid && (
        <p id={`${range.name}-range-error`} role="alert" className="field-error">
          {t('requests.filters.rangeInverted')}
        </p>
      )}
    </fieldset>
  )
}
