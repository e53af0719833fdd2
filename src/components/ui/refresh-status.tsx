import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { ApiError } from '@/lib/api-error'
import { formatClockTime } from '@/lib/format'
import './refresh-status.css'

/** What the line reads of one query that refreshes by itself. */
export interface Refreshing {
  dataUpdatedAt: number
  /** The last fetch's error; with data still there, a failed refresh. */
  error: Error | null
  hasData: boolean
}

/** A TanStack query's result as the line reads it: placeholder data is not data read for this page. */
export function refreshingOf(query: { dataUpdatedAt: number; error: Error | null; data: unknown; isPlaceholderData?: boolean }): Refreshing {
  return { dataUpdatedAt: query.dataUpdatedAt, error: query.error, hasData: query.data !== undefined && !query.isPlaceholderData }
}

/**
 * When what is on screen was read (the oldest of `queries`), in one polite sentence; the request's page and the
 * dashboard's both refresh every REFRESH_INTERVAL_MS (src/lib/refresh-interval.ts). The live region is atomic and
 * changes once per refresh (no "refreshing…" in between), and its line is kept from the first frame, so nothing below
 * it moves (docs/decisions/0013-dashboard.md). A refresh that failed leaves the last data on screen and says so, with
 * the request id to quote; a first load that failed is shown by the page itself. `auto` says when the page refreshes.
 */
export function RefreshStatus({
  queries,
  onRefresh,
  refreshing = false,
  auto,
}: {
  queries: readonly Refreshing[]
  onRefresh: () => void
  refreshing?: boolean
  auto: string
}) {
  const { t } = useTranslation()
  const shown = queries.filter((query) => query.hasData)
  const oldest = shown.length ? Math.min(...shown.map((query) => query.dataUpdatedAt)) : 0
  const failed = shown.find((query) => query.error !== null)?.error ?? null
  const time = oldest ? formatClockTime(oldest, currentLanguage()) : ''
  const requestId = failed instanceof ApiError ? failed.requestId : null
  return (
    <div className="refresh-status">
      {/* The gateway's first view (0026) was read a moment before the page took its answers: the time it shows stands
          when the page hydrates it, not a mismatch to render again. */}
      <p role="status" aria-atomic="true" className={failed ? 'refresh-status__failed' : undefined} suppressHydrationWarning>
        {oldest > 0 && (failed ? t('refresh.failed', { message: failed.message, time }) : t('refresh.updated', { time }))}
      </p>
      {requestId && (
        <p>
          {t('error.requestId')} <code>{requestId}</code>
        </p>
      )}
      <p className="muted">{auto}</p>
      <button type="button" className="button button--small" onClick={onRefresh} disabled={refreshing}>
        {t('refresh.now')}
      </button>
    </div>
  )
}
