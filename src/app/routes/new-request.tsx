import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { useAuthSession } from '@/features/auth/session'
import { REQUEST_ACTIONS, type RequestAction } from '@/features/create-request/choose-item'
import { CatalogPage } from '@/features/create-request/components/catalog-page'
import { CreationItems } from '@/features/create-request/components/creation-items'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { requestQueries } from '@/lib/queries/requests'
import { searchParamsOf, type RouteModule } from '../route-loaders'

// The forms' code (the schema reader, react-hook-form, zod's JSON Schema reader) loads when a form opens.
const CreateRequestPage = lazy(async () => ({ default: (await import('@/features/create-request/components/create-request-page')).CreateRequestPage }))

const isAction = (value: string | null): value is RequestAction => (REQUEST_ACTIONS as readonly (string | null)[]).includes(value)

/**
 * `/requests/new?item=<catalog item>` or `?action=modify|cancel|terminate|resubmit&from=<request id>`: the
 * generated form; with neither, what can be ordered. Read-only people never get a form (the API refuses them anyway).
 */
function NewRequestRoute() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const session = useAuthSession()
  const me = useQuery(meQueries.me())
  const action = params.get('action')
  const from = params.get('from') ?? undefined
  const item = params.get('item') ?? undefined
  const startsForm = Boolean(item) || (isAction(action) && Boolean(from))
  const loading = <p role="status">{t('createRequest.page.loading')}</p>

  // A read-only person gets the catalog, with a sentence saying why there is no form, rather than a dead end.
  if (me.isSuccess && !canCreate(me.data)) return <CatalogPage readOnly />
  if (!startsForm || !me.isSuccess) {
    return (
      <>
        <h1>{t('requests.new.title')}</h1>
        {me.isPending && loading}
        {me.isError && <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />}
        {me.isSuccess && <CreationItems />}
      </>
    )
  }
  return (
    <Suspense fallback={loading}>
      <CreateRequestPage
        itemId={item}
        action={isAction(action) ? action : undefined}
        from={from}
        userId={session.subject() ?? me.data.id ?? ''}
        contracts={(me.data.contracts ?? []).map((contract) => ({ number: contract.number, name: contract.name ?? contract.number }))}
      />
    </Suspense>
  )
}

export const route: RouteModule = {
  Component: NewRequestRoute,
  /** The person's scope, then the item's form, the request it starts from, or what can be ordered. */
  startData: (args, start) => {
    const params = searchParamsOf(args)
    const item = params.get('item')
    const from = params.get('from')
    start(meQueries.me())
    if (from) start(requestQueries.detail(from))
    if (item && !from) start(catalogQueries.detail(item, currentLanguage()))
    else start(catalogQueries.all(currentLanguage()))
  },
}
