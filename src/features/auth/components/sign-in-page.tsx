import { useState } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { ErrorMessage } from '@/components/ui/error-message'
import { useTranslation } from '@/i18n/use-translation'
import { safeReturnTo } from '../return-to'
import { useAuthSession, useSessionState } from '../session'
import { signInArgs } from '../sign-in'
import { ZSignedOutState } from '../signed-out-state'
import { MobileSignInOption } from './mobile-sign-in-option'

type Attempt = { state: 'idle' } | { state: 'redirecting' } | { state: 'failed'; error: unknown }

/**
 * What a signed-out person sees: what the product is, and one way in. The page shows without the sign-in library
 * (oidc-client-ts): it loads when the person reaches for the button (pointer, touch or focus), or on the click at the
 * latest, so the page a signed-out person waits for carries only its own code (docs/decisions/0024-delivery.md).
 */
export function SignInPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const location = useLocation()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const signedOut = ZSignedOutState.safeParse(location.state).success
  const authSession = useAuthSession()
  const session = useSessionState()
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' })

  // The browser is signed in (the gateway said so, perhaps after a sign-in in another tab): go where the person
  // was going. Just after a sign-out, the person is forgotten a moment after this page opens: stay here.
  if (session.signedIn && !signedOut) return <Navigate to={returnTo} replace />
  if (session.checking) return <p role="status">{t('auth.checking')}</p>

  const prepare = () => void authSession.userManager().catch(() => undefined)
  const signIn = () => {
    setAttempt({ state: 'redirecting' })
    authSession
      .userManager()
      .then((userManager) => userManager.signinRedirect(signInArgs({ returnTo, forceLogin: signedOut })))
      .catch((error: unknown) => setAttempt({ state: 'failed', error }))
  }
  const redirecting = attempt.state === 'redirecting'

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('auth.signIn.title')}</h1>
      {signedOut && <p role="status">{t('auth.signIn.signedOut')}</p>}
      <p>{t('auth.signIn.intro')}</p>
      <p>{t('auth.signIn.how')}</p>
      {attempt.state === 'failed' && <ErrorMessage error={attempt.error} what={t('auth.signIn.failed')} onRetry={signIn} />}
      <button type="button" className="button" disabled={redirecting} onPointerEnter={prepare} onTouchStart={prepare} onFocus={prepare} onClick={signIn}>
        {t('auth.signIn.button')}
      </button>
      {redirecting && <p role="status">{t('auth.signIn.redirecting')}</p>}
      <MobileSignInOption returnTo={returnTo} />
    </section>
  )
}
