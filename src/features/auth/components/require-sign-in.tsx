import { Navigate, Outlet, useLocation } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { SIGN_IN_PATH, signInPathFor } from '../return-to'
import { useSessionState } from '../session'
import { SIGNED_OUT_STATE } from '../signed-out-state'

/**
 * The protected part of the application: a signed-out person is sent to the sign-in page, which brings them
 * back here (except just after signing out). A page that knows nothing yet of the browser's session (no earlier
 * word from the gateway in this browser) waits for the gateway's answer, so that a signed-in person never sees
 * the sign-in page (docs/decisions/0011-sign-in.md).
 */
export function RequireSignIn() {
  const { t } = useTranslation()
  const { signedIn, checking, signedOut } = useSessionState()
  const location = useLocation()

  if (checking) return <p role="status">{t('auth.checking')}</p>
  // Signing out (here or in another tab) leaves for the sign-in page, saying so; it does not come back here.
  if (signedOut) return <Navigate to={SIGN_IN_PATH} state={SIGNED_OUT_STATE} replace />
  if (!signedIn) return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />
  return <Outlet />
}
