import { useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from 'react-oidc-context'
import { useTranslation } from 'react-i18next'
import { signInPathFor } from '../return-to'

/**
 * The protected part of the application: a signed-out person is sent to the sign-in page, which brings them
 * back here. A stored session whose access token ran out while the tab slept is renewed first (refresh
 * token), so that a reload does not ask the person to sign in again.
 */
export function RequireSignIn() {
  const { t } = useTranslation()
  const auth = useAuth()
  const location = useLocation()
  const renewing = useRef(false)
  const renewable = !auth.isLoading && !auth.isAuthenticated && !!auth.user?.refresh_token && auth.error?.source !== 'signinSilent'

  useEffect(() => {
    if (!renewable || renewing.current) return
    renewing.current = true
    void auth.signinSilent()
  }, [renewable, auth])

  if (auth.isLoading || renewable) return <p role="status">{t('auth.checking')}</p>
  if (!auth.isAuthenticated) return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />
  return <Outlet />
}
