import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestProjection } from '@contract/request'
import { ErrorMessage } from '@/components/ui/error-message'
import { csvFileName, downloadCsv } from '@/lib/csv'
import { listFormatters } from '@/lib/format'
import { typeNames, typeText, type TypeNames } from '@/lib/catalog-names'
import { TypeName } from '@/components/ui/type-name'
import { catalogQueries } from '@/lib/queries/catalog'
import { currentLanguage } from '@/i18n/i18n'
import { daysLate, latenessBand } from '@/lib/lateness'
import type { Aggregate } from '@/lib/queries/requests'
import { dashboardQueries } from '../api/aggregate-requests'
import { overdueQueries, overdueSearch } from '../api/overdue-requests'
import type { RequestListSearch } from '@/lib/request-search'
import { operatorQueries } from '@/lib/queries/operator'
import { existingStatusesQuery, openStatuses } from '@/lib/queries/statuses'
import { groupsInView, listHref, searchOfGroup } from '../chart-groups'
import { overdueCsv } from '../overdue-csv'
import { ChartPanel } from './chart-panel'
import { RefreshStatus, refreshingOf } from '@/components/ui/refresh-status'
import './dashboard.css'
import { codeText } from '@/lib/code-label'
import { isUnreadable } from '@contract/tolerant'
import { readableRows } from '@/lib/queries/requests'
import { UnreadableRowItem } from '@/components/ui/unreadable-row'

/** Lateness bands first: how late is the question the view answers (docs/decisions/0019). */
const GROUPINGS = ['lateness', 'none', 'type', 'customerReference'] as const
type Grouping = (typeof GROUPINGS)[number]

interface RowGroup {
  key: string
  title: string | null
  rows: RequestProjection[]
}

/**
 * Rows in order of lateness, the most days late first, in groups ordered by their latest request (the API sorts
 * by requested date, oldest first, which is the most days late first).
 */
function groupRows(
  rows: readonly RequestProjection[],
  grouping: Grouping,
  titleOf: (grouping: Exclude<Grouping, 'none'>, value: string | undefined) => string,
  now: Date,
): RowGroup[] {
  if (grouping === 'none') return [{ key: 'all', title: null, rows: [...rows] }]
  const groups = new Map<string, RowGroup>()
  for (const row of rows) {
    const value =
      grouping === 'type'
        ? row.type
        : grouping === 'customerReference'
          ? (row.customerReference ?? undefined)
          : latenessBand(row.keyDates ? daysLate(row.keyDates.requestedAt, now) : 0)
    const key = value ?? ''
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { key, title: titleOf(grouping, value), rows: [] }))
    group.rows.push(row)
  }
  return [...groups.values()]
}

/**
 * The overdue view: every request still open after its requested date, the latest first, optionally grouped
 * by type or customer reference; the counts per type as a chart; the rows as CSV.
 */
export function OverdueRequests() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const grouping: Grouping = GROUPINGS.find((value) => value === params.get('groupBy')) ?? 'lateness'
  // Open is every status that exists but the operator's closed ones (docs/decisions/0028-tolerant-reader.md).
  const existing = useQuery(existingStatusesQuery())
  const traits = useQuery(operatorQueries.traits())
  const search = overdueSearch(openStatuses(existing.data, traits.data))
  const list = useQuery(overdueQueries.list(search, traits.data?.pageSizeMax))
  const byType = useQuery(dashboardQueries.aggregate(search, 'type'))
  const [exported, setExported] = useState<number | null>(null)
  const format = listFormatters(currentLanguage())
  const catalog = useQuery(catalogQueries.all(currentLanguage()))
  const types = typeNames(catalog)
  const now = new Date()
  const groupTitle = (by: Exclude<Grouping, 'none'>, value: string | undefined) =>
    by === 'type' ? typeText(t, types)(value ?? '') : by === 'lateness' ? t(`dashboard.overdue.band.${value}`) : value || t('dashboard.overdue.noReference')

  const typeBars = (aggregate: Aggregate) =>
    groupsInView(search, 'type', aggregate.groups).map((group) => ({
      key: group.key,
      label: types.name(group.key),
      code: group.key,
      count: group.count,
      href: listHref(searchOfGroup(search, 'type', group.key)),
    }))

  const exportCsv = (rows: readonly RequestProjection[]) => {
    downloadCsv(overdueCsv(rows, t, types.name, now), csvFileName(now, 'overdue-requests'))
    setExported(rows.length)
  }

  const data = list.data
  // Rows in another shape are listed apart, by what could be read of them; the others group and export as usual
  // (docs/decisions/0028-tolerant-reader.md).
  const readable = data ? readableRows(data.items) : []
  const unreadable = data ? data.items.filter(isUnreadable) : []
  return (
    <div className="overdue page-form">
      <RefreshStatus
        queries={[list, byType].map(refreshingOf)}
        auto={t('dashboard.refresh.auto')}
        refreshing={list.isFetching || byType.isFetching}
        onRefresh={() => {
          void list.refetch()
          void byType.refetch()
        }}
      />

      <section aria-labelledby="overdue-by-type-title" className="card">
        <h2 id="overdue-by-type-title">{t('dashboard.overdue.byType')}</h2>
        <ChartPanel title={t('dashboard.overdue.byType')} query={byType} bars={typeBars} waiting={types.pending} />
      </section>

      <OverdueToolbar
        grouping={grouping}
        onGroupBy={(value) => setParams(value === 'lateness' ? {} : { groupBy: value }, { replace: true })}
        exportable={readable.length > 0}
        onExport={() => exportCsv(readable)}
        exported={exported}
        search={search}
      />

      {list.isError && !data ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <p className="muted">{t('dashboard.overdue.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="card">{t('dashboard.overdue.none')}</p>
      ) : (
        <>
          {data.total > data.items.length && (
            <p>{t('dashboard.overdue.truncated', { shown: format.number(data.items.length), total: format.number(data.total) })}</p>
          )}
          <OverdueTable groups={groupRows(readable, grouping, groupTitle, now)} count={data.items.length} types={types} now={now} />
          {unreadable.length > 0 && (
            <ul className="overdue__unreadable">
              {unreadable.map((row) => (
                <UnreadableRowItem key={row.id ?? `#${row.index}`} row={row} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}

type OverdueGroup = ReturnType<typeof groupRows>[number]

/** The overdue requests, in their groups, with how late each is. */
function OverdueTable({ groups, count, types, now }: { groups: OverdueGroup[]; count: number; types: TypeNames; now: Date }) {
  const { t } = useTranslation()
  const format = listFormatters(currentLanguage())
  return (
    <div className="table-scroll">
      <table className="table table--stack overdue__table">
        <caption>{t('dashboard.overdue.caption', { count, formatted: format.number(count) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.column.id')}</th>
            <th scope="col">{t('dashboard.column.name')}</th>
            <th scope="col">{t('dashboard.column.customerReference')}</th>
            <th scope="col">{t('dashboard.column.type')}</th>
            <th scope="col">{t('dashboard.column.status')}</th>
            <th scope="col">{t('dashboard.column.requestedAt')}</th>
            <th scope="col" className="numeric">
              {t('dashboard.column.daysLate')}
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.key}>
            {group.title !== null && (
              <tr>
                <th scope="rowgroup" colSpan={7}>
                  {t('dashboard.overdue.groupTitle', { group: group.title, count: group.rows.length, formatted: format.number(group.rows.length) })}
                </th>
              </tr>
            )}
            {group.rows.map((row) => (
              <OverdueRow key={row.id} row={row} types={types} now={now} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}

function OverdueRow({ row, types, now }: { row: OverdueGroup['rows'][number]; types: TypeNames; now: Date }) {
  const { t } = useTranslation()
  const format = listFormatters(currentLanguage())
  const late = row.keyDates ? daysLate(row.keyDates.requestedAt, now) : 0
  return (
    <tr>
      <th scope="row" className="stack-head">
        <Link to={`/requests/${encodeURIComponent(row.id)}`}>{row.id}</Link>
      </th>
      <td translate="no" className="stack-full">
        {row.name}
      </td>
      <td data-label={t('dashboard.column.customerReference')}>{row.customerReference ?? ''}</td>
      <td data-label={t('dashboard.column.type')}>{row.type && <TypeName type={row.type} names={types} />}</td>
      <td className="stack-head">{row.status && <span title={row.status}>{codeText(t, 'dashboard', 'status', row.status)}</span>}</td>
      <td data-label={t('dashboard.column.requestedAt')}>{row.keyDates && format.day(row.keyDates.requestedAt)}</td>
      <td
        className="numeric stack-head overdue__late"
        data-label={t('dashboard.column.daysLate')}
        aria-label={t('dashboard.overdue.daysLate', { count: late })}
      >
        {format.number(late)}
      </td>
    </tr>
  )
}

/** How the rows are grouped, the export, and the ways to the list. */
function OverdueToolbar(props: {
  grouping: Grouping
  onGroupBy: (value: string) => void
  exportable: boolean
  onExport: () => void
  exported: number | null
  search: RequestListSearch
}) {
  const { t } = useTranslation()
  const format = listFormatters(currentLanguage())
  return (
    <div className="overdue__toolbar">
      <label className="field">
        {t('dashboard.overdue.groupBy')}
        <select value={props.grouping} onChange={(event) => props.onGroupBy(event.target.value)}>
          {GROUPINGS.map((value) => (
            <option key={value} value={value}>
              {t(`dashboard.overdue.grouping.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--secondary" disabled={!props.exportable} onClick={props.onExport}>
        {t('dashboard.overdue.export')}
      </button>
      <p role="status" className="muted">
        {props.exported !== null && t('dashboard.overdue.exported', { count: props.exported, formatted: format.number(props.exported) })}
      </p>
      <Link to={listHref(props.search)}>{t('dashboard.overdue.openInList')}</Link>
      {/* The API marks requests completed late as overdue too; they need no chasing, so they are only a link. */}
      <Link to={listHref({ ...props.search, status: ['COMPLETED'] })}>{t('dashboard.overdue.deliveredLate')}</Link>
    </div>
  )
}
