import { useId } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { RejectionReason } from '@contract/request'

/**
 * Why a request was rejected, first thing under its title: the operator's message in the person's language
 * (the API localizes it), then its stable code and reason. Shown as text: the API's content is never HTML.
 */
export function RejectionReasons({ reasons }: { reasons: RejectionReason[] }) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="card rejection">
      <h2 id={titleId}>
        <span aria-hidden="true" className="rejection__icon">
          ✕
        </span>{' '}
        {t('requestDetail.rejection.title')}
      </h2>
      {reasons.length === 0 ? (
        <p>{t('requestDetail.rejection.none')}</p>
      ) : (
        <>
          <p>{t('requestDetail.rejection.intro', { count: reasons.length })}</p>
          <ul className="rejection__reasons">
            {reasons.map((reason, index) => (
              <li key={`${reason.code}-${index}`}>
                <p className="rejection__message">{reason.message || t('requestDetail.rejection.noMessage')}</p>
                <p className="rejection__code">
                  {t('requestDetail.rejection.code', { code: reason.code })} · <code>{reason.reason}</code>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
