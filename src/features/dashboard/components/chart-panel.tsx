import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import type { Aggregate } from '@/lib/queries/requests'
import { BarChart, type ChartBar } from './charts'

// The charts come with the page (under 1 KiB): a chunk of their own was one more round trip after the figures, on
// the dashboard's first paint of its counts (docs/decisions/0024-delivery.md).

/** A chart once its figures are there; its loading message, or its error with a retry, before. */
export function ChartPanel({ title, query, bars }: { title: string; query: UseQueryResult<Aggregate>; bars: (aggregate: Aggregate) => ChartBar[] }) {
  const { t } = useTranslation()
  const loading = <p className="muted">{t('dashboard.charts.loading')}</p>
  if (query.data) {
    const shown = bars(query.data)
    return <BarChart title={title} bars={shown} total={shown.reduce((sum, bar) => sum + bar.count, 0)} />
  }
  if (query.isError) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />
  return loading
}
