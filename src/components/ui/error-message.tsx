import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@/lib/api-error'

/**
 * How every error is shown: what happened, what to do, and the request id to quote (copyable).
 * `role="alert"` has screen readers announce it when it appears. A feature that knows what an error means
 * for its page may say it in its own words (`what`, `todo`); the status, code and request id stay.
 */
export function ErrorMessage({ error, onRetry, what: whatText, todo: todoText }: { error: unknown; onRetry?: () => void; what?: string; todo?: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const apiError = error instanceof ApiError ? error : null
  const what = whatText ?? (apiError?.kind === 'api' ? apiError.message : t('error.title'))
  const todo =
    todoText ??
    (apiError?.kind === 'network'
      ? t('error.network')
      : apiError?.kind === 'unreadable'
        ? t('error.unreadable')
        : (apiError?.description ?? t('error.generic')))
  const requestId = apiError?.requestId

  const copy = async () => {
    if (!requestId) return
    await navigator.clipboard?.writeText(requestId).catch(() => undefined)
    setCopied(true)
  }

  return (
    <div role="alert" className="error-message">
      <p className="error-message__what">{what}</p>
      <p>{todo}</p>
      {apiError?.code != null && <p className="muted">{t('error.status', { status: apiError.status, code: apiError.code })}</p>}
      {requestId && (
        <p className="error-message__request-id">
          {t('error.requestId')} <code>{requestId}</code>{' '}
          <button type="button" className="button button--small" onClick={copy}>
            {copied ? t('error.copied') : t('error.copy')}
          </button>
        </p>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  )
}
