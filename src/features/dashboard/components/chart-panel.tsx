import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import type { Aggregate } from '@/lib/queries/requests'
import { BarChart, type ChartBar } from './charts'

// The charts come with the page (under 1 KiB): a chunk of their own was one more round trip after the figures, on
// the dashboard's first paint of its counts (docs/decisions/0024-delivery.md).

/**
 * A chart once its figures are there; its loading message, or its error with a retry, before. `waiting`: the bars'
 * names are still being read (a chart by type before the catalog answers), so the chart waits with its message rather
 * than show a bar by its code (docs/decisions/0025-list-views.md, amended 2026-11-27).
 */
export function ChartPanel(props: { title: string; query: UseQueryResult<Aggregate>; bars: (aggregate: Aggregate) => ChartBar[]; waiting?: boolean }) {
  const { title, query, bars } = props
  const { t } = useTranslation()
  const loading = <p className="muted">{t('dashboard.charts.loading')}</p>
  if (query.data && !props.waiting) {
    const shown = bars(query.data)
    return <BarChart title={title} bars={shown} total={shown.reduce((sum, bar) => sum + bar.count, 0)} />
  }
  if (query.isError && !query.data) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />
  return loading
}
