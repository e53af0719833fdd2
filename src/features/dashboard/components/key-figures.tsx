import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { listFormatters } from '@/lib/format'
import { daysLate } from '@/lib/lateness'
import type { RequestListSearch } from '@/lib/request-search'
import { dashboardQueries } from '../api/aggregate-requests'
import { dashboardRequestQueries } from '../api/dashboard-requests'
import { listHref } from '../chart-groups'
import { KEY_FIGURES, searchOfFigure, type KeyFigure } from '../key-figures'
import { isQuotaSpent } from '@/lib/api-error'
import { operatorQueries } from '@/lib/queries/operator'
import { existingStatusesQuery, openStatuses } from '@/lib/queries/statuses'
import { readableRows } from '@/lib/queries/requests'

/** The answer first: four counts, each a link to the list showing exactly those requests (the same total). */
export function KeyFigures({ search }: { search: RequestListSearch }) {
  const { t } = useTranslation()
  // "Open" is every status that exists but the operator's closed ones (docs/decisions/0028-tolerant-reader.md).
  const existing = useQuery(existingStatusesQuery())
  const traits = useQuery(operatorQueries.traits())
  const open = openStatuses(existing.data, traits.data)
  return (
    <section aria-labelledby="key-figures-title" className="key-figures">
      <h2 id="key-figures-title" className="visually-hidden">
        {t('dashboard.figures.title')}
      </h2>
      <ul className="key-figures__list">
        {KEY_FIGURES.map((figure) => (
          <Figure key={figure} figure={figure} search={search} open={open} />
        ))}
      </ul>
    </section>
  )
}

function Figure({ figure, search, open }: { figure: KeyFigure; search: RequestListSearch; open: readonly string[] }) {
  const { t } = useTranslation()
  const format = listFormatters(currentLanguage())
  const view = searchOfFigure(figure, search, new Date(), open)
  // The total of the aggregate is the list's X-Total-Count for the same filters (0002): one call per figure.
  const count = useQuery(dashboardQueries.aggregate(view, 'status'))
  // How late: the worst overdue request is the first in order of requested date.
  const worst = useQuery({ ...dashboardRequestQueries.first(view), enabled: figure === 'overdue' })
  const first = worst.data ? readableRows(worst.data.items)[0] : undefined
  const worstDays = first?.keyDates ? daysLate(first.keyDates.requestedAt) : null
  const total = count.data?.total
  const lateness =
    total !== undefined && total > 0 && worstDays !== null ? t('dashboard.figures.worst', { count: worstDays, formatted: format.number(worstDays) }) : null
  return (
    <li className={`key-figure key-figure--${figure}`}>
      <Link to={listHref(view)} className="key-figure__link">
        <span className="key-figure__value">{total === undefined ? '…' : format.number(total)}</span>{' '}
        <span className="key-figure__label">{t(`dashboard.figures.${figure}`, { count: total ?? 0 })}</span>
      </Link>
      {/* The overdue figure keeps the line of its worst lateness from the start, empty while unknown or when none is
          late: nothing below it moves when the figures come (0013). */}
      {figure === 'overdue' && (
        <span className="key-figure__detail" aria-hidden={lateness === null ? true : undefined}>
          {lateness ?? '\u00a0'}
        </span>
      )}
      {count.isError && (
        <span className="key-figure__detail">{t(isQuotaSpent(count.error) ? 'dashboard.figures.quotaSpent' : 'dashboard.figures.failed')}</span>
      )}
    </li>
  )
}
