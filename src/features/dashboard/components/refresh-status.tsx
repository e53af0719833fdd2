import { useTranslation } from '@/i18n/use-translation'
import { ApiError } from '@/lib/api-error'

export interface Refreshing {
  dataUpdatedAt: number
  /** The last fetch's error; with data still there, a failed refresh. */
  error: Error | null
  hasData: boolean
}

/**
 * When the figures on screen were read, in one polite sentence. A refresh that failed leaves the last
 * figures on screen and says so, with the request id to quote; a first load that failed is shown by the
 * chart itself.
 */
export function RefreshStatus({ queries, onRefresh, refreshing }: { queries: readonly Refreshing[]; onRefresh: () => void; refreshing: boolean }) {
  const { t, i18n } = useTranslation()
  const shown = queries.filter((query) => query.hasData)
  const oldest = shown.length ? Math.min(...shown.map((query) => query.dataUpdatedAt)) : 0
  const failed = shown.find((query) => query.error !== null)?.error ?? null
  const time = oldest ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(oldest)) : ''
  const requestId = failed instanceof ApiError ? failed.requestId : null
  return (
    <div className="refresh-status">
      <p role="status" aria-atomic="true" className={failed ? 'refresh-status__failed' : undefined}>
        {oldest > 0 && (failed ? t('dashboard.refresh.failed', { message: failed.message, time }) : t('dashboard.refresh.updated', { time }))}
      </p>
      {requestId && (
        <p>
          {t('error.requestId')} <code>{requestId}</code>
        </p>
      )}
      <p className="muted">{t('dashboard.refresh.auto')}</p>
      <button type="button" className="button button--small" onClick={onRefresh} disabled={refreshing}>
        {t('dashboard.refresh.now')}
      </button>
    </div>
  )
}
