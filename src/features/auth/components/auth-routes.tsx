import { AuthProvider } from 'react-oidc-context'
import { useAuthSession } from '../session'
import { AuthCallback } from './auth-callback'

/**
 * The page that finishes the sign-in, with oidc-client-ts and react-oidc-context: it loads with its route (which
 * waits for the session's UserManager), so that no other page carries the library. The sign-in page starts the
 * sign-in without them and loads the library on the person's intent (sign-in-page.tsx).
 */

/** The sign-in answer's code and state are spent once exchanged: take them out of the address bar. */
function cleanCallbackUrl() {
  window.history.replaceState(window.history.state, '', window.location.pathname)
}

/** /auth/callback: AuthProvider exchanges the code (through the gateway) when the page opens. */
export function AuthCallbackRoute() {
  const userManager = useAuthSession().loadedUserManager()
  return (
    <AuthProvider userManager={userManager} onSigninCallback={cleanCallbackUrl}>
      <AuthCallback />
    </AuthProvider>
  )
}
