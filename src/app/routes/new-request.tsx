import { Suspense, use, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { useAuthSession } from '@/features/auth/session'
import { REQUEST_ACTIONS, type RequestAction } from '@/features/create-request/choose-item'
import { CatalogPage } from '@/features/create-request/components/catalog-page'
import { CreationItems } from '@/features/create-request/components/creation-items'
import type { CreateRequestPage as FormPage } from '@/features/create-request/components/create-request-page'
import { contractsOf, idOf, scopesOf } from '@/features/create-request/me-reading'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { requestQueries } from '@/lib/queries/requests'
import { firstRenderNeeds } from '../first-render'
import { searchParamsOf, type RouteModule } from '../route-loaders'

type FormPageModule = { CreateRequestPage: typeof FormPage }
let formPage: Promise<FormPageModule> | undefined
let loadedFormPage: FormPageModule | undefined
// The forms' code (the schema reader, react-hook-form) loads when a form opens: asked for with the form's data, as the
// route starts, rather than once the page first renders (its validator comes after, docs/decisions/0024-delivery.md).
// Asked for again after a failed load.
const loadFormPage = () =>
  (formPage ??= import('@/features/create-request/components/create-request-page').then(
    (module) => (loadedFormPage = module),
    (error: unknown) => {
      formPage = undefined
      throw error
    },
  ))

/**
 * The form's page, rendered at once when its code is there (the first render waits for it: `firstRenderNeeds`), so
 * that the gateway's first view holds the form itself, not a placeholder (docs/decisions/0026-first-view.md); until
 * then it suspends. One component for the form's whole life: nothing typed is lost to a second mount.
 */
function CreateRequestPage(props: ComponentProps<FormPageModule['CreateRequestPage']>) {
  const { CreateRequestPage: Page } = loadedFormPage ?? use(loadFormPage())
  return <Page {...props} />
}

const NO_CONTRACTS: readonly { number: string; name: string }[] = []

const isAction = (value: string | null): value is RequestAction => (REQUEST_ACTIONS as readonly (string | null)[]).includes(value)

/**
 * `/requests/new?item=<catalog item>` or `?action=modify|cancel|terminate|resubmit&from=<request id>`: the
 * generated form; with neither, what can be ordered. Read-only people never get a form (the API refuses them anyway):
 * their scopes come from /me when it lists them. The form never waits on /me: its contracts are offered once /me
 * lists them, and typed until then or otherwise (docs/decisions/0030-forms-for-any-catalog.md).
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

  const scopes = me.isSuccess ? scopesOf(me.data) : undefined
  // A read-only person gets the catalog, with a sentence saying why there is no form, rather than a dead end.
  if (scopes && !canCreate({ scopes })) return <CatalogPage readOnly />
  if (!startsForm) {
    return (
      <>
        <h1>{t('requests.new.title')}</h1>
        <CreationItems />
      </>
    )
  }
  return (
    <Suspense fallback={loading}>
      <CreateRequestPage
        itemId={item}
        action={isAction(action) ? action : undefined}
        from={from}
        userId={session.subject() ?? idOf(me.data) ?? ''}
        contracts={me.isSuccess ? contractsOf(me.data) : NO_CONTRACTS}
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
    // A load that fails here fails again where the page renders it, which says so. The first render waits for it, as
    // for the route's module (docs/decisions/0024-delivery.md).
    if (item || (isAction(params.get('action')) && from)) firstRenderNeeds(loadFormPage())
    if (from) start(requestQueries.detail(from))
    if (item && !from) start(catalogQueries.detail(item, currentLanguage()))
    else start(catalogQueries.all(currentLanguage()))
  },
}
