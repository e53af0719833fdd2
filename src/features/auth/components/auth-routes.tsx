import { AuthProvider } from 'react-oidc-context'
import { useAuthSession } from '../session'
import { AuthCallback } from './auth-callback'
import { SignInPage } from './sign-in-page'

/**
 * The two pages that run the sign-in itself, with oidc-client-ts and react-oidc-context: they load with
 * their routes (which wait for the session's UserManager), so that no other page carries the library.
 */
export function SignInRoute() {
  const userManager = useAuthSession().loadedUserManager()
  return (
    <AuthProvider userManager={userManager} skipSigninCallback>
      <SignInPage />
    </AuthProvider>
  )
}

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
