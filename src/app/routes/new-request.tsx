import { useQuery } from '@tanstack/react-query'
import { Navigate, useSearchParams } from 'react-router'
import { useAuth } from 'react-oidc-context'
import { useTranslation } from 'react-i18next'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { CreateRequestPage } from '@/features/create-request/components/create-request-page'
import { REQUEST_ACTIONS, type RequestAction } from '@/features/create-request/choose-item'
import { ErrorMessage } from '@/components/ui/error-message'

const isAction = (value: string | null): value is RequestAction => (REQUEST_ACTIONS as readonly (string | null)[]).includes(value)

/**
 * `/requests/new?item=<catalog item>` or `?action=modify|cancel|terminate|resubmit&from=<request id>`: the
 * generated form. Read-only people never get it (the API refuses them anyway); with neither, the catalog.
 */
export function NewRequestRoute() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const auth = useAuth()
  const me = useQuery(meQueries.me())
  const action = params.get('action')
  const from = params.get('from') ?? undefined
  const item = params.get('item') ?? undefined
  if (!item && !(isAction(action) && from)) return <Navigate to="/catalog" replace />
  if (me.isPending) return <p role="status">{t('createRequest.page.loading')}</p>
  if (me.isError) return <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />
  if (!canCreate(me.data)) {
    return (
      <>
        <h1>{t('requests.new.title')}</h1>
        <p>{t('createRequest.page.readOnly')}</p>
      </>
    )
  }
  return (
    <CreateRequestPage
      itemId={item}
      action={isAction(action) ? action : undefined}
      from={from}
      userId={auth.user?.profile.sub ?? me.data.id}
      contracts={me.data.contracts}
    />
  )
}
