import { Navigate, useLocation, useSearchParams } from 'react-router'
import { useAuth } from 'react-oidc-context'
import { useTranslation } from '@/i18n/use-translation'
import { safeReturnTo } from '../return-to'
import { useSessionState } from '../session'
import { signInArgs } from '../sign-in'
import { ZSignedOutState } from '../signed-out-state'
import { MobileSignInOption } from './mobile-sign-in-option'

/** What a signed-out person sees: what the product is, and one way in. */
export function SignInPage() {
  const { t } = useTranslation()
  const auth = useAuth()
  const [params] = useSearchParams()
  const location = useLocation()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const signedOut = ZSignedOutState.safeParse(location.state).success
  const session = useSessionState()

  // The browser is signed in (the gateway said so, perhaps after a sign-in in another tab): go where the person
  // was going. Just after a sign-out, the person is forgotten a moment after this page opens: stay here.
  if ((auth.isAuthenticated || session.signedIn) && !signedOut) return <Navigate to={returnTo} replace />
  if ((auth.isLoading && !auth.activeNavigator) || session.checking) return <p role="status">{t('auth.checking')}</p>
  const redirecting = auth.activeNavigator === 'signinRedirect'

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('auth.signIn.title')}</h1>
      {signedOut && <p role="status">{t('auth.signIn.signedOut')}</p>}
      <p>{t('auth.signIn.intro')}</p>
      <p>{t('auth.signIn.how')}</p>
      {auth.error?.source === 'signinRedirect' && (
        <p role="alert" className="error-message">
          {t('auth.signIn.failed')}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={redirecting}
        onClick={() => void auth.signinRedirect(signInArgs({ returnTo, forceLogin: signedOut }))}
      >
        {t('auth.signIn.button')}
      </button>
      {redirecting && <p role="status">{t('auth.signIn.redirecting')}</p>}
      <MobileSignInOption returnTo={returnTo} />
    </section>
  )
}
