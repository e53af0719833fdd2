import { useEffect, useRef, useState } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import type { TFunction } from '@/i18n/translator'
import { typeNames, typeText } from '@/lib/catalog-names'
import { listFormatters } from '@/lib/format'
import { catalogQueries } from '@/lib/queries/catalog'
import type { Aggregate } from '@/lib/queries/requests'
import { EMPTY_SEARCH, filterChips, filtersKey, hasFilters, parseListSearch, toSearchParams, type RequestListSearch } from '@/lib/request-search'
import { EditFiltersButton, FilterChips } from '@/components/ui/filter-chips'
import { chipText } from '@/components/ui/filter-chip-words'
import { dashboardQueries } from '../api/aggregate-requests'
import {
  BREAKDOWN_GROUPS,
  DEFAULT_BREAKDOWN,
  groupLabel,
  groupsInView,
  listHref,
  parseBreakdown,
  searchOfGroup,
  type BreakdownGroup,
  type DashboardGroup,
} from '../chart-groups'
import { ChartPanel } from './chart-panel'
import type { ChartBar } from './charts'
import { DashboardFilters } from './dashboard-filters'
import { KeyFigures } from './key-figures'
import { RecentChanges } from './recent-changes'
import { RefreshStatus, refreshingOf } from '@/components/ui/refresh-status'
import './dashboard.css'
import { DroppedNotice } from '@/components/ui/dropped-notice'

/**
 * The account manager's morning view: the key figures first (open, overdue and how late, rejected lately, completed
 * this month), what changed since the last look, then counts by status and a breakdown by a chosen group. All are
 * narrowed by the list's filters, folded into chips and kept in the URL (`/?isOverdue=true&groupBy=step`); every
 * figure and bar opens the list filtered to exactly its requests (docs/decisions/0013).
 */
export function Dashboard({ person }: { person: string | null }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const search = parseListSearch(params)
  const breakdown = parseBreakdown(params.get('groupBy'))
  const byStatus = useQuery(dashboardQueries.aggregate(search, 'status'))
  const byGroup = useQuery(dashboardQueries.aggregate(search, breakdown))
  const catalog = useQuery(catalogQueries.all(currentLanguage()))
  const types = typeNames(catalog)
  const format = listFormatters(currentLanguage())
  const [filtersOpen, setFiltersOpen] = useState(false)
  const { summary, markMoved } = useFocusAfterMove()

  const show = (next: RequestListSearch, group = breakdown) => {
    const url = toSearchParams({ ...next, page: 1, sort: EMPTY_SEARCH.sort, size: EMPTY_SEARCH.size })
    if (group !== DEFAULT_BREAKDOWN) url.set('groupBy', group)
    setParams(url)
  }
  const showFilters = (next: RequestListSearch) => {
    setFiltersOpen(false)
    markMoved()
    show(next)
  }
  const barsOf = (groupBy: DashboardGroup) => chartBars(t, search, groupBy, types.name)
  const say = { typeName: typeText(t, types), day: format.day, yes: t('dashboard.filters.yes'), no: t('dashboard.filters.no') }

  return (
    <div className="dashboard page-form">
      <div className="filter-bar">
        <EditFiltersButton controls="dashboard-filters" open={filtersOpen} onToggle={() => setFiltersOpen(!filtersOpen)}>
          {t('dashboard.filters.edit')}
        </EditFiltersButton>
        <FilterChips
          ref={summary}
          id="dashboard-active-filters"
          title={t('dashboard.filters.active')}
          chips={filterChips(search).map((chip) => ({ key: chip.key, label: chipText(t, 'dashboard', chip, say), onRemove: () => showFilters(chip.without) }))}
          none={t('dashboard.filters.noneActive')}
          removeLabel={(filter) => t('dashboard.filters.remove', { filter })}
          reset={t('dashboard.filters.reset')}
          onReset={() => showFilters(EMPTY_SEARCH)}
        />
      </div>
      {filtersOpen && <DashboardFilters id="dashboard-filters" key={filtersKey(search)} search={search} catalog={catalog} onApply={showFilters} />}

      <DroppedNotice dropped={[...(byStatus.data?.dropped ?? []), ...(byGroup.data?.dropped ?? [])]} what="counts" />
      <KeyFigures search={search} />

      <DashboardToolbar search={search} queries={[byStatus, byGroup]} />

      <section aria-labelledby="chart-status-title" className="card">
        <h2 id="chart-status-title">{t('dashboard.charts.byStatus')}</h2>
        <ChartPanel title={t('dashboard.charts.byStatus')} query={byStatus} bars={barsOf('status')} />
      </section>

      <BreakdownSection
        breakdown={breakdown}
        query={byGroup}
        bars={barsOf(breakdown)}
        waiting={breakdown === 'type' && types.pending}
        onGroupBy={(group) => show(search, group)}
      />

      {/* Last: its height is known only with its rows, so nothing above it moves when they come (0013). */}
      <RecentChanges search={search} person={person} types={types} />
    </div>
  )
}

/** After a change of filters made here, the focus goes to the chips, the control pressed being gone. */
function useFocusAfterMove() {
  const summary = useRef<HTMLElement>(null)
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) summary.current?.focus()
    moved.current = false
  })
  return { summary, markMoved: () => (moved.current = true) }
}

/** When the figures were read, with the button to read them again, and the ways to the list and the overdue view. */
function DashboardToolbar({ search, queries }: { search: RequestListSearch; queries: readonly UseQueryResult<unknown>[] }) {
  const { t } = useTranslation()
  return (
    <div className="dashboard__toolbar">
      <RefreshStatus
        queries={queries.map(refreshingOf)}
        auto={t('dashboard.refresh.auto')}
        refreshing={queries.some((query) => query.isFetching)}
        onRefresh={() => {
          for (const query of queries) void query.refetch()
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
  )
}

/** The counts by the group the person chose (type, step, …), with the choice. */
function BreakdownSection(props: {
  breakdown: BreakdownGroup
  query: UseQueryResult<Aggregate>
  bars: (aggregate: Aggregate) => ChartBar[]
  /** The bars' names are still being read (types, before the catalog answers). */
  waiting: boolean
  onGroupBy: (group: BreakdownGroup) => void
}) {
  const { t } = useTranslation()
  const groupName = (group: DashboardGroup) => t(`dashboard.charts.group.${group}`)
  const title = t('dashboard.charts.byGroup', { group: groupName(props.breakdown).toLowerCase() })
  return (
    <section aria-labelledby="chart-breakdown-title" className="card">
      <div className="dashboard__breakdown-head">
        <h2 id="chart-breakdown-title">{title}</h2>
        <label className="field">
          {t('dashboard.charts.groupBy')}
          <select value={props.breakdown} onChange={(event) => props.onGroupBy(parseBreakdown(event.target.value))}>
            {BREAKDOWN_GROUPS.map((group) => (
              <option key={group} value={group}>
                {groupName(group)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ChartPanel key={props.breakdown} title={title} query={props.query} bars={props.bars} waiting={props.waiting} />
    </section>
  )
}

/** A chart's bars: each group's count, named in the person's words, linking to the list of its requests. */
function chartBars(t: TFunction, search: RequestListSearch, groupBy: DashboardGroup, typeName: (type: string) => string) {
  return (aggregate: Aggregate): ChartBar[] =>
    groupsInView(search, groupBy, aggregate.groups).map((group) => ({
      key: group.key,
      label: groupLabel(t, groupBy, group.key, typeName),
      code: groupBy === 'type' ? group.key : undefined,
      count: group.count,
      href: listHref(searchOfGroup(search, groupBy, group.key)),
    }))
}
