import type { Ref } from 'react'
import type { FieldIssue } from '@contract/error'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { isQuotaSpent, type ApiError } from '@/lib/api-error'
import { adviceText } from '@/components/ui/error-message'
import { fieldId } from '../form/field-id'
import { focusField } from '../form/focus-field'

export interface SummaryEntry {
  /** The field's name in the form (`properties.location.address.city`, `…root` for a group's own message). */
  name: string
  message: string
}

/**
 * The error summary at the top of the form: its heading takes the focus on a refused send, and each entry is a link
 * that focuses its field (docs/decisions/0014-creation-forms.md). What the API refused without naming a field is
 * listed too, with the request id to quote.
 */
export function ErrorSummary({
  entries,
  refusal,
  headingRef,
}: {
  entries: readonly SummaryEntry[]
  refusal: { error: ApiError; unplaced: FieldIssue[] } | null
  headingRef: Ref<HTMLHeadingElement>
}) {
  const { t } = useTranslation()
  if (entries.length === 0 && !refusal) return null
  const title =
    entries.length > 0
      ? t('createRequest.form.summaryTitle', { count: entries.length })
      : t('createRequest.form.serverRefused', { message: refusal!.error.message })
  return (
    <div className="error-message form-summary" role="alert" aria-labelledby="form-summary-title">
      <h2 id="form-summary-title" ref={headingRef} tabIndex={-1} className="error-message__what">
        {title}
      </h2>
      {entries.length > 0 && (
        <ul>
          {entries.map(({ name, message }) => (
            <li key={name}>
              {name === 'root' ? (
                message
              ) : (
                <a
                  href={`#${fieldId(name.replace(/\.root$/, ''))}`}
                  onClick={(event) => {
                    if (focusField(name)) event.preventDefault()
                  }}
                >
                  {message}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <>
          {entries.length > 0 && <p>{t('createRequest.form.serverRefused', { message: refusal.error.message })}</p>}
          {refusal.error.description && <p>{refusal.error.description}</p>}
          {/* A spent quota: when it frees, and that the draft waits for it (docs/decisions/0032-application-quota.md). */}
          {isQuotaSpent(refusal.error) && (
            <>
              <p>{adviceText(t, refusal.error, currentLanguage())}</p>
              <p>{t('createRequest.form.quotaDraftKept')}</p>
            </>
          )}
          {refusal.unplaced.length > 0 && (
            <ul>
              {refusal.unplaced.map((issue) => (
                <li key={issue.path}>
                  <code>{issue.path}</code> {issue.message}
                </li>
              ))}
            </ul>
          )}
          {refusal.error.requestId && (
            <p>
              {t('createRequest.form.requestId')} <code>{refusal.error.requestId}</code>
            </p>
          )}
        </>
      )}
    </div>
  )
}
