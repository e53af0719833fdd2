import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { mobileQueries } from '../api/get-mobile-pending'
import { continueWithOperator, startErrorOf } from '../mobile-sign-in'
import { SIGN_IN_PATH } from '../return-to'

/**
 * /sign-in/mobile: where discovery brings the person back. Names the operator found and the confirmation to
 * expect, then hands over to the operator's code flow; or says why no operator can be used.
 */
export function MobileContinuePage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const startError = startErrorOf(params)
  const pending = useQuery({ ...mobileQueries.pending(), enabled: startError === null })
  const redirect = useMutation({ mutationFn: continueWithOperator })

  const back = (
    <p>
      <Link to={SIGN_IN_PATH}>{t('auth.mobile.continue.startAgain')}</Link>
    </p>
  )
  let content
  if (startError) {
    content = (
      <>
        <p role="alert" className="error-message">
          {t(`auth.mobile.start.${startError}`)}
        </p>
        {back}
      </>
    )
  } else if (pending.isPending) {
    content = <p role="status">{t('auth.mobile.continue.loading')}</p>
  } else if (pending.isError) {
    content = (
      <>
        <p role="alert" className="error-message">
          {t('auth.mobile.start.expired')}
        </p>
        {back}
      </>
    )
  } else {
    const operator = pending.data.operator.name
    content = (
      <>
        <p>{t('auth.mobile.continue.found', { operator, country: pending.data.operator.country })}</p>
        <p>{t(pending.data.acr === '3' ? 'auth.mobile.continue.level3' : 'auth.mobile.continue.level2', { operator })}</p>
        {redirect.isError && (
          <p role="alert" className="error-message">
            {t('auth.mobile.continue.failed')}
          </p>
        )}
        <button type="button" className="button" disabled={redirect.isPending} onClick={() => redirect.mutate(pending.data)}>
          {t('auth.mobile.continue.button', { operator })}
        </button>
        {redirect.isPending && <p role="status">{t('auth.mobile.continue.redirecting', { operator })}</p>}
        {back}
      </>
    )
  }
  return (
    <section className="card sign-in" aria-labelledby="mobile-continue-title">
      <h1 id="mobile-continue-title">{t(startError ? 'auth.mobile.option.title' : 'auth.mobile.continue.title')}</h1>
      {content}
    </section>
  )
}
