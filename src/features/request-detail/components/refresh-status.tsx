import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { ApiError } from '@/lib/api-error'
import { formatClockTime } from '@/lib/format'

/**
 * When the open request was last read. The live region is polite and atomic and changes once per refresh
 * (no "refreshing…" in between), so a screen reader hears at most one short sentence every 30 seconds.
 * A failed background refresh keeps the last data on screen and says so once.
 */
export function RefreshStatus({ dataUpdatedAt, error, onRefresh }: { dataUpdatedAt: number; error: Error | null; onRefresh: () => void }) {
  const { t } = useTranslation()
  const requestId = error instanceof ApiError ? error.requestId : null
  return (
    <div className="refresh">
      <p role="status" aria-atomic="true" className="refresh__status">
        {dataUpdatedAt > 0 && t('requestDetail.refresh.lastRefreshed', { time: formatClockTime(dataUpdatedAt, currentLanguage()) })}
        {error && <> {t('requestDetail.refresh.failed', { message: error.message })}</>}
      </p>
      {requestId && (
        <p className="muted">
          {t('error.requestId')} <code>{requestId}</code>
        </p>
      )}
      <p className="muted">{t('requestDetail.refresh.auto')}</p>
      <button type="button" className="button button--small" onClick={onRefresh}>
        {t('requestDetail.refresh.now')}
      </button>
    </div>
  )
}
