import { useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { SIGN_IN_PATH, signInPathFor } from '../return-to'
import { useAuthSession, useSessionState } from '../session'
import { SIGNED_OUT_STATE } from '../signed-out-state'

/**
 * The protected part of the application: a signed-out person is sent to the sign-in page, which brings them
 * back here (except just after signing out). A stored session whose access token ran out while the tab slept is renewed first (refresh
 * token), so that a reload does not ask the person to sign in again.
 */
export function RequireSignIn() {
  const { t } = useTranslation()
  const session = useAuthSession()
  const { signedIn, renewable, signedOut } = useSessionState()
  const location = useLocation()
  const renewing = useRef(false)

  useEffect(() => {
    if (!renewable || renewing.current) return
    renewing.current = true
    void session.renew()
  }, [renewable, session])

  if (renewable) return <p role="status">{t('auth.checking')}</p>
  // Signing out leaves for the sign-in page; should this page notice first, it goes there too, not back here.
  if (signedOut) return <Navigate to={SIGN_IN_PATH} state={SIGNED_OUT_STATE} replace />
  if (!signedIn) return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />
  return <Outlet />
}
