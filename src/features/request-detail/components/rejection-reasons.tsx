import { useId } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { RejectionReason } from '@contract/request'

/**
 * Why a request was rejected, first thing under its title: the operator's message in the person's language
 * (the API localizes it); its stable code and reason only as a tooltip. Shown as text: the API's content is never HTML.
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
                {/* The operator's sentence alone: its code and reason are for programs, kept as a tooltip (0034). */}
                <p className="rejection__message" title={`${reason.code} · ${reason.reason}`}>
                  {reason.message || t('requestDetail.rejection.noMessage')}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
