import { Link, useLoaderData } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { mobileCallbackLoader } from '../mobile-sign-in'
import { SIGN_IN_PATH } from '../return-to'

/** /auth/mobile/callback when the operator's answer did not sign the person in (the loader redirects otherwise). */
export function MobileCallback() {
  const { t } = useTranslation()
  const { failure } = useLoaderData<ReturnType<typeof mobileCallbackLoader>>()
  return (
    <section aria-labelledby="mobile-failed-title">
      <h1 id="mobile-failed-title">{t('auth.mobile.callback.title')}</h1>
      <div role="alert" className="error-message">
        <p className="error-message__what">{t(`auth.mobile.callback.${failure.kind}`)}</p>
        {failure.code && <p className="muted">{t('auth.mobile.callback.errorCode', { code: failure.code })}</p>}
      </div>
      <p>
        <Link className="button" to={SIGN_IN_PATH}>
          {t('auth.mobile.callback.startAgain')}
        </Link>
      </p>
    </section>
  )
}
