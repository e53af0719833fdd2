import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import type { RequestListSearch } from '@/lib/request-search'
import type { ListFormatters } from '@/lib/format'
import { DEFAULT_TRAITS, operatorQueries } from '@/lib/queries/operator'
import { noteQuotaOutcome } from '@/lib/spent-quota'
import type { ApiError } from '@/lib/api-error'
// A type alone: the export's code still loads on the first click.
import type { ExportStopped } from '../export/export-requests'

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number | null }
  | { phase: 'done'; count: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown }
  /** The application's quota stopped it: the file holds the requests read before (docs/decisions/0032-application-quota.md). */
  | { phase: 'stopped'; error: ApiError; written: number; total: number }

/**
 * Export to CSV of every request of the view (all pages), with its progress and a Cancel button. The code
 * that fetches and writes the file loads on the first click, not with the list.
 */
export function ExportButton({ search, format, typeName }: { search: RequestListSearch; format: ListFormatters; typeName: (type: string) => string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const running = useRef<AbortController | null>(null)

  // Leaving the page stops an export in progress.
  useEffect(() => () => running.current?.abort(), [])

  const start = async () => {
    const controller = new AbortController()
    running.current = controller
    setState({ phase: 'running', done: 0, total: null })
    try {
      const { exportRequests } = await import('../export/export-requests')
      // Pages as large as the operator takes (docs/decisions/0028-tolerant-reader.md); its default when it cannot say.
      const traits = await queryClient.query(operatorQueries.traits()).catch(() => DEFAULT_TRAITS)
      const count = await exportRequests({
        search,
        pageSize: traits.pageSizeMax,
        t,
        typeName,
        signal: controller.signal,
        onProgress: (done, total) => {
          if (!controller.signal.aborted) setState({ phase: 'running', done, total })
        },
      })
      setState({ phase: 'done', count })
      noteQuotaOutcome(queryClient, { success: true })
    } catch (error) {
      // Closing the file picker is a cancel too (an AbortError).
      const cancelled = controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')
      const stopped = error instanceof Error && error.name === 'ExportStopped' ? (error as ExportStopped) : null
      noteQuotaOutcome(queryClient, { error: stopped ? stopped.refusal : error })
      if (stopped) setState({ phase: 'stopped', error: stopped.refusal, written: stopped.written, total: stopped.total })
      else setState(cancelled ? { phase: 'cancelled' } : { phase: 'failed', error })
    } finally {
      if (running.current === controller) running.current = null
    }
  }

  return (
    <div className="export">
      {state.phase === 'running' ? (
        <button type="button" className="button button--secondary" onClick={() => running.current?.abort()}>
          {t('requests.export.cancel')}
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void start()}>
          {t('requests.export.button')}
        </button>
      )}
      {state.phase === 'running' && state.total !== null && (
        <progress max={Math.max(state.total, 1)} value={state.done} aria-label={t('requests.export.progressLabel')} />
      )}
      <p role="status" className="export__status">
        {state.phase === 'running'
          ? state.total === null
            ? t('requests.export.starting')
            : t('requests.export.progress', { done: format.number(state.done), total: format.number(state.total) })
          : state.phase === 'done'
            ? t('requests.export.done', { count: state.count, formatted: format.number(state.count) })
            : state.phase === 'cancelled'
              ? t('requests.export.cancelled')
              : state.phase === 'stopped'
                ? t('requests.export.stoppedByQuota', { written: format.number(state.written), total: format.number(state.total) })
                : ''}
      </p>
      {(state.phase === 'failed' || state.phase === 'stopped') && <ErrorMessage error={state.error} onRetry={() => void start()} />}
    </div>
  )
}
