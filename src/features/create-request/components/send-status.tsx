import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { SendOutcome, SendStep } from '../send-once/send-once'

/**
 * What the person is told at each step of a send (docs/decisions/0014-creation-forms.md): sending; no answer yet,
 * checking whether it arrived; still being processed by the operator; it did not arrive, and why sending again is
 * safe. A step is a polite status; an outcome that needs the person is an alert.
 */
export function SendStatus({ step, outcome, onCheckAgain }: { step: SendStep | null; outcome: SendOutcome | null; onCheckAgain: () => void }) {
  const { t } = useTranslation()
  return (
    <>
      <p role="status" className={step ? 'form-step' : 'form-step form-step--idle'}>
        {step && t(`createRequest.step.${step.kind}`, step.kind === 'checkFailed' ? { seconds: Math.round(step.retryInMs / 1000) } : undefined)}
      </p>
      {!step && outcome && (outcome.kind === 'notCreated' || outcome.kind === 'unverified' || outcome.kind === 'unverifiable') && (
        <div className={outcome.kind === 'notCreated' ? 'card form-outcome' : 'error-message'} role="alert">
          <p className="error-message__what">{t(`createRequest.outcome.${outcome.kind}`, { reference: 'reference' in outcome ? outcome.reference : '' })}</p>
          {outcome.error.requestId && (
            <p>
              {t('createRequest.form.requestId')} <code>{outcome.error.requestId}</code>
            </p>
          )}
          {outcome.kind === 'unverified' && (
            <button type="button" className="button" onClick={onCheckAgain}>
              {t('createRequest.outcome.checkAgain')}
            </button>
          )}
          {outcome.kind === 'unverifiable' && <Link to="/requests">{t('createRequest.outcome.openRequests')}</Link>}
        </div>
      )}
    </>
  )
}
