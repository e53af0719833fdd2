import { lazy, Suspense } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import type { Aggregate } from '@/lib/queries/requests'
import type { ChartBar } from './charts'

// The charts' code is a chunk of its own, fetched when the first chart is about to show.
const BarChart = lazy(async () => ({ default: (await import('./charts')).BarChart }))

/** A chart once its figures are there; its loading message, or its error with a retry, before. */
export function ChartPanel({ title, query, bars }: { title: string; query: UseQueryResult<Aggregate>; bars: (aggregate: Aggregate) => ChartBar[] }) {
  const { t } = useTranslation()
  const loading = <p className="muted">{t('dashboard.charts.loading')}</p>
  if (query.data) {
    const shown = bars(query.data)
    return (
      <Suspense fallback={loading}>
        <BarChart title={title} bars={shown} total={shown.reduce((sum, bar) => sum + bar.count, 0)} />
      </Suspense>
    )
  }
  if (query.isError) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />
  return loading
}
