import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { EMPTY_SEARCH, filtersKey, hasFilters, parseListSearch, toSearchParams, type RequestListSearch } from '@/lib/request-search'
import type { Aggregate } from '@/lib/queries/requests'
import { dashboardQueries } from '../api/aggregate-requests'
import { BREAKDOWN_GROUPS, DEFAULT_BREAKDOWN, groupLabel, groupsInView, listHref, parseBreakdown, searchOfGroup, type DashboardGroup } from '../chart-groups'
import { ChartPanel } from './chart-panel'
import { DashboardFilters } from './dashboard-filters'
import { RefreshStatus } from './refresh-status'
import './dashboard.css'

/**
 * The account manager's morning view: counts by status, a breakdown by a chosen group, both narrowed by the
 * list's filters and kept in the URL (`/?isOverdue=true&groupBy=step`). Every bar opens the list filtered to
 * exactly its requests.
 */
export function Dashboard() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const search = parseListSearch(params)
  const breakdown = parseBreakdown(params.get('groupBy'))
  const byStatus = useQuery(dashboardQueries.aggregate(search, 'status'))
  const byGroup = useQuery(dashboardQueries.aggregate(search, breakdown))

  const show = (next: RequestListSearch, group = breakdown) => {
    const url = toSearchParams({ ...next, page: 1, sort: EMPTY_SEARCH.sort, size: EMPTY_SEARCH.size })
    if (group !== DEFAULT_BREAKDOWN) url.set('groupBy', group)
    setParams(url)
  }
  const barsOf = (groupBy: DashboardGroup) => (aggregate: Aggregate) =>
    groupsInView(search, groupBy, aggregate.groups).map((group) => ({
      key: group.key,
      label: groupLabel(t, groupBy, group.key),
      count: group.count,
      href: listHref(searchOfGroup(search, groupBy, group.key)),
    }))
  const groupName = (group: DashboardGroup) => t(`dashboard.charts.group.${group}`)

  return (
    <div className="dashboard">
      <DashboardFilters key={filtersKey(search)} search={search} onApply={(next) => show(next)} onReset={() => show(EMPTY_SEARCH)} />
      <div className="dashboard__toolbar">
        <RefreshStatus
          queries={[byStatus, byGroup].map((query) => ({ dataUpdatedAt: query.dataUpdatedAt, error: query.error, hasData: query.data !== undefined }))}
          refreshing={byStatus.isFetching || byGroup.isFetching}
          onRefresh={() => {
            void byStatus.refetch()
            void byGroup.refetch()
          }}
        />
        <ul className="dashboard__links">
          {hasFilters(search) && (
            <li>
              <Link to={listHref(search)}>{t('dashboard.filters.openList')}</Link>
            </li>
          )}
          <li>
            <Link to="/overdue">{t('dashboard.overdue.link')}</Link>
          </li>
        </ul>
      </div>

      <section aria-labelledby="chart-status-title" className="card">
        <h2 id="chart-status-title">{t('dashboard.charts.byStatus')}</h2>
        <ChartPanel title={t('dashboard.charts.byStatus')} query={byStatus} bars={barsOf('status')} />
      </section>

      <section aria-labelledby="chart-breakdown-title" className="card">
        <div className="dashboard__breakdown-head">
          <h2 id="chart-breakdown-title">{t('dashboard.charts.byGroup', { group: groupName(breakdown).toLowerCase() })}</h2>
          <label className="field">
            {t('dashboard.charts.groupBy')}
            <select value={breakdown} onChange={(event) => show(search, parseBreakdown(event.target.value))}>
              {BREAKDOWN_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {groupName(group)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ChartPanel
          key={breakdown}
          title={t('dashboard.charts.byGroup', { group: groupName(breakdown).toLowerCase() })}
          query={byGroup}
          bars={barsOf(breakdown)}
        />
      </section>
    </div>
  )
}
