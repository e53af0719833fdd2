import type { Ref } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestListSearch } from '@/lib/request-search'
import type { ListFormatters } from '@/lib/format'

interface Chip {
  key: string
  label: string
  without: RequestListSearch
}

const RANGE_BOUNDS = ['requestedFrom', 'requestedTo', 'createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const

/**
 * Every filter in force, each a button that removes it ("Remove filter Status: Rejected"), and a reset.
 * The summary can take the focus (`ref`): the list moves it here after a change of filters, so that the
 * focus is not lost with the button that was pressed.
 */
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
  const { search, format } = props
  const yesNo = (value: boolean) => t(value ? 'requests.list.yes' : 'requests.list.no')
  const chip = (name: string, value: string) => t('requests.filters.chip', { name, value })

  const chips: Chip[] = [
    ...search.status.map((status) => ({
      key: `status-${status}`,
      label: chip(t('requests.filters.status'), t(`requests.status.${status}`)),
      without: { ...search, status: search.status.filter((s) => s !== status) },
    })),
    // Step, sub-step and category have no control in the form; links (the dashboard's bars) bring them.
    ...(['step', 'subStep', 'category'] as const).flatMap((name) =>
      search[name].map((value) => ({
        key: `${name}-${value}`,
        label: chip(t(`requests.column.${name}`), t(`requests.${name}.${value}`)),
        without: { ...search, [name]: search[name].filter((v: string) => v !== value) },
      })),
    ),
    ...search.type.map((type) => ({
      key: `type-${type}`,
      label: chip(t('requests.filters.type'), props.typeName(type)),
      without: { ...search, type: search.type.filter((s) => s !== type) },
    })),
  ]
  if (search.customerReference) {
    chips.push({ key: 'customerReference', label: chip(t('requests.filters.customerReference'), search.customerReference), without: { ...search, customerReference: undefined } })
  }
  if (search.id) chips.push({ key: 'id', label: chip(t('requests.filters.id'), search.id), without: { ...search, id: undefined } })
  if (search.isOverdue !== undefined) {
    chips.push({ key: 'isOverdue', label: chip(t('requests.filters.overdue'), yesNo(search.isOverdue)), without: { ...search, isOverdue: undefined } })
  }
  if (search.isArchived !== undefined) {
    chips.push({ key: 'isArchived', label: chip(t('requests.filters.archived'), yesNo(search.isArchived)), without: { ...search, isArchived: undefined } })
  }
  for (const bound of RANGE_BOUNDS) {
    const value = search[bound]
    if (value) chips.push({ key: bound, label: chip(t(`requests.filters.bound.${bound}`), format.day(value)), without: { ...search, [bound]: undefined } })
  }

  return (
    <section ref={ref} aria-labelledby="active-filters-title" className="active-filters" tabIndex={-1}>
      <h2 id="active-filters-title" className="active-filters__title">
        {t('requests.filters.active')}
      </h2>
      {chips.length === 0 ? (
        <p className="muted">{t('requests.filters.noneActive')}</p>
      ) : (
        <>
          <ul className="chips">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  className="chip"
                  aria-label={t('requests.filters.remove', { filter: chip.label })}
                  onClick={() => props.onChange(chip.without)}
                >
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => props.onReset()}
          >
            {t('requests.filters.reset')}
          </button>
        </>
      )}
    </section>
  )
}
