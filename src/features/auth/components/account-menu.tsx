import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '../api/get-me'
import { sessionInfoQuery } from '../api/get-session-info'
import { signOut } from '../api/sign-out'
import { canCreate } from '../can-create'
import { SIGN_IN_PATH } from '../return-to'
import { useAuthSession } from '../session'
import { SIGNED_OUT_STATE } from '../signed-out-state'

/** The header's account part: who is signed in, for which customer, with which access, and the way out. */
export function AccountMenu() {
  const { t } = useTranslation()
  const authSession = useAuthSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const me = useQuery(meQueries.me())
  const session = useQuery(sessionInfoQuery(authSession))
  const signOutMutation = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Forget the person first: a call the gateway now refuses must not start a sign-in of its own (session-lost.ts).
      // RequireSignIn then sends the page to the sign-in page, saying the person signed out; so does this.
      await authSession.forget()
      await navigate(SIGN_IN_PATH, { replace: true, state: SIGNED_OUT_STATE })
      // The next person must not see this one's data.
      queryClient.clear()
    },
  })

  return (
    <div className="account" role="group" aria-label={t('auth.account.label')}>
      {me.isSuccess ? (
        <>
          <p className="account__who">
            <span className="account__name">{me.data.name ?? authSession.personName() ?? authSession.subject()}</span>{' '}
            <span className="account__customer">{me.data.customer?.name}</span>
          </p>
          <p className="account__access">{canCreate(me.data) ? t('auth.account.fullAccess') : t('auth.account.readOnly')}</p>
          {session.data?.method === 'mobile' && (
            <p className="account__method">
              {t('auth.mobile.account', {
                operator: session.data.operator,
                acr: session.data.acr,
                method: session.data.amr.map((amr) => t(`auth.mobile.amr.${amr}`, { defaultValue: amr })).join(', '),
              })}
            </p>
          )}
        </>
      ) : (
        <p className="account__who">{me.isPending ? t('auth.account.loading') : t('auth.account.unavailable')}</p>
      )}
      <button type="button" className="button button--on-primary" disabled={signOutMutation.isPending} onClick={() => signOutMutation.mutate()}>
        {t('auth.account.signOut')}
      </button>
      {signOutMutation.isError && (
        <p role="alert" className="account__error">
          {t('auth.account.signOutFailed')}
        </p>
      )}
    </div>
  )
}
