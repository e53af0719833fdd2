import { useState } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { ERROR_CODE } from '@contract/error'
import { ApiError, isAccessDenied, isQuotaSpent, isServiceUnavailable, isThrottled, quotaFreesAt } from '@/lib/api-error'
import { formatDateTime } from '@/lib/format'
import type { TFunction } from '@/i18n/translator'

/** What a person can do about an error, by its kind, status and code (a key of the global `error.advice`). */
export function adviceKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'generic'
  if (error.kind === 'network') return 'network'
  if (error.kind === 'unreadable') return 'unreadable'
  if (isServiceUnavailable(error)) return 'unavailable'
  if (isQuotaSpent(error)) return quotaFreesAt(error as ApiError) === null ? 'quotaGradually' : 'quotaUntil'
  if (isThrottled(error)) return 'throttled'
  if (isAccessDenied(error)) return 'accessDenied'
  if (error.status === 401) return 'sessionLost'
  if (error.status === 403 && error.code === ERROR_CODE.insufficientScope) return 'insufficientScope'
  if (error.status === 404) return 'notFound'
  if (error.status === 422) return 'refused'
  if (error.status === 400) return 'invalid'
  if (error.status >= 500) return 'server'
  return 'generic'
}

/**
 * What a person can do about an error, in a sentence: for a spent quota, when it frees (the reset of a fixed window,
 * from its Retry-After, or gradually for a rolling one; docs/decisions/0032-application-quota.md).
 */
export function adviceText(t: TFunction, error: unknown, language: string): string {
  const key = adviceKey(error)
  const freesAt = key === 'quotaUntil' ? quotaFreesAt(error as ApiError) : null
  return t(`error.advice.${key}`, freesAt === null ? {} : { date: formatDateTime(new Date(freesAt).toISOString(), language) })
}

/**
 * How every error is shown: what happened (the API's message and description, in the person's language),
 * what to do, and the request id to quote, with a button that copies it and says so.
 * `role="alert"` has screen readers announce it when it appears. A feature that knows what an error means
 * for its page may say it in its own words (`what`, `todo`); the status, code and request id stay.
 */
export function ErrorMessage({ error, onRetry, what: whatText, todo: todoText }: { error: unknown; onRetry?: () => void; what?: string; todo?: string }) {
  const { t } = useTranslation()
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const apiError = error instanceof ApiError ? error : null
  const what = whatText ?? (apiError?.kind === 'api' && apiError.code !== null ? apiError.message : t('error.title'))
  const requestId = apiError?.requestId

  const copyRequestId = async () => {
    if (!requestId) return
    try {
      await navigator.clipboard.writeText(requestId)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  return (
    <div role="alert" className="error-message">
      <p className="error-message__what">{what}</p>
      {todoText ? (
        <p>{todoText}</p>
      ) : (
        <>
          {apiError?.kind === 'api' && apiError.description && <p>{apiError.description}</p>}
          <p>{adviceText(t, error, currentLanguage())}</p>
        </>
      )}
      {apiError?.infoURL && (
        <p>
          <a href={apiError.infoURL} target="_blank" rel="noreferrer">
            {t('error.moreInformation')}
          </a>
        </p>
      )}
      {apiError?.code != null && <p className="muted">{t('error.status', { status: apiError.status, code: apiError.code })}</p>}
      {requestId && (
        <p className="error-message__request-id">
          {t('error.requestId')} <code>{requestId}</code>{' '}
          <button type="button" className="button button--small" onClick={() => void copyRequestId()}>
            {t('error.copy')}
          </button>{' '}
          <span role="status" className="error-message__copied">
            {copy === 'copied' ? t('error.copied') : copy === 'failed' ? t('error.copyFailed') : ''}
          </span>
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
