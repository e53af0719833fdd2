import { useEffect, useRef } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useAuth } from 'react-oidc-context'
import { useTranslation } from '@/i18n/use-translation'
import { SIGN_IN_PATH } from '../return-to'
import { readSignInState, signInArgs } from '../sign-in'
import { failureMessageKey, needsInteractiveSignIn, signInFailureOf, type SignInFailure } from '../sign-in-failure'

/**
 * /auth/callback: AuthProvider exchanges the code (through the gateway) when the page opens; this page
 * waits for it, then returns to the page the person asked for, or says what went wrong.
 */
export function AuthCallback() {
  const { t } = useTranslation()
  const auth = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const failure = auth.error?.source === 'signinCallback' ? signInFailureOf(auth.error) : null
  const interactiveReturnTo = failure && needsInteractiveSignIn(failure) ? failure.state.returnTo : null
  const startedInteractive = useRef(false)

  useEffect(() => {
    if (interactiveReturnTo === null || startedInteractive.current) return
    startedInteractive.current = true
    void auth.signinRedirect(signInArgs({ returnTo: interactiveReturnTo }))
  }, [interactiveReturnTo, auth])

  // The answer's parameters are spent: a reload must not replay them.
  const failed = failure !== null && interactiveReturnTo === null
  useEffect(() => {
    if (failed && location.search) void navigate({ pathname: location.pathname }, { replace: true })
  }, [failed, location.search, location.pathname, navigate])

  if (auth.isLoading || interactiveReturnTo !== null) return <p role="status">{t('auth.callback.pending')}</p>
  if (failure) return <SignInFailed failure={failure} />
  if (auth.isAuthenticated) return <Navigate to={readSignInState(auth.user?.state).returnTo} replace />
  return <Navigate to={SIGN_IN_PATH} replace />
}

function SignInFailed({ failure }: { failure: SignInFailure }) {
  const { t } = useTranslation()
  const auth = useAuth()
  return (
    <section aria-labelledby="sign-in-failed-title">
      <h1 id="sign-in-failed-title">{t('auth.callback.title')}</h1>
      <div role="alert" className="error-message">
        <p className="error-message__what">{t(failureMessageKey(failure))}</p>
        {failure.code && <p className="muted">{t('auth.callback.errorCode', { code: failure.code })}</p>}
      </div>
      <p>
        <button type="button" className="button" onClick={() => void auth.signinRedirect(signInArgs({ returnTo: failure.state.returnTo }))}>
          {t('auth.callback.signInAgain')}
        </button>
      </p>
    </section>
  )
}
