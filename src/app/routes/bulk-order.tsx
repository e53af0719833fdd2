import { useQuery } from '@tanstack/react-query'
import { CONTRACT_MAX, CUSTOMER_REFERENCE_MAX } from '@contract/request'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { useAuthSession } from '@/features/auth/session'
import type { BulkOrderTools } from '@/features/bulk-order/tools'
import { BulkOrderPage } from '@/features/bulk-order/components/bulk-order-page'
import { gatewaySendPort } from '@/features/create-request/api/create-request'
import { contractsOf, idOf, scopesOf } from '@/features/create-request/me-reading'
import { toBody } from '@/features/create-request/schema/form-values'
import { formModelIn } from '@/features/create-request/form/use-form-model'
import { sentenceFor } from '@/features/create-request/schema/form-sentences'
import { formLocale } from '@/lib/format'
import { confirmArrival, sendOnce } from '@/features/create-request/send-once/send-once'
import { earliestRequestedDate, todayUtc } from '@/features/create-request/today'
import { saveView } from '@/features/requests/saved-views'
import { ApiError } from '@/lib/api-error'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import type { RouteModule } from '../route-loaders'

/**
 * The creation form's own pieces, handed to "Order from a spreadsheet" (docs/decisions/0035-bulk-order.md): features
 * never import each other, so this route composes them. The sheet builds each row's body with the form's field tree
 * and `toBody`, checks it with the form's validator (loaded apart, as the form loads it: it holds classic zod and
 * RE2), and sends it with the form's send-once protocol through the gateway's send guard.
 */
const tools: BulkOrderTools = {
  formOf(item, t) {
    let built
    try {
      built = formModelIn(item, t)
    } catch {
      return undefined
    }
    const { model, checked } = built
    return {
      model,
      form: {
        toBody: (values) => toBody(model, values),
        loadValidator: () =>
          import('@/features/create-request/schema/form-validation').then(
            ({ createBodyValidator }) => {
              const validator = createBodyValidator(checked, model, todayUtc())
              return {
                validate: (body: unknown) =>
                  validator.validate(body, currentLanguage()).map((issue) => ({
                    path: issue.path,
                    message: issue.message,
                    sentence: (label: string, t: Parameters<typeof sentenceFor>[3], locale: string) => sentenceFor(issue.rule, label, issue.message, t, locale),
                  })),
              }
            },
            () => undefined,
          ),
      },
    }
  },
  earliestDate: () => earliestRequestedDate(),
  locale: (language) => formLocale(language),
  referenceMax: CUSTOMER_REFERENCE_MAX,
  contractMax: CONTRACT_MAX,
  saveView: (person, view) => saveView(person, view),
  sendPort: {
    send: (body, { signal, onStart }) => sendOnce(body, gatewaySendPort, { signal, onStart }),
    confirm: (pending, signal) => {
      const error = new ApiError({ status: 0, requestId: null, kind: 'network', message: 'The answer to the last send was not received.' })
      return confirmArrival({ error, ...pending }, gatewaySendPort, { signal })
    },
  },
}

function BulkOrderRoute() {
  const session = useAuthSession()
  const me = useQuery(meQueries.me())
  const scopes = me.isSuccess ? scopesOf(me.data) : undefined
  const contracts = me.isSuccess ? contractsOf(me.data).map((contract) => contract.number) : []
  return (
    <BulkOrderPage
      tools={tools}
      person={session.subject() ?? idOf(me.data) ?? 'anonymous'}
      canSend={me.isSuccess && (!scopes || canCreate({ scopes }))}
      contracts={contracts}
    />
  )
}

export const route: RouteModule = {
  Component: BulkOrderRoute,
  startData: (_args, start) => {
    start(meQueries.me())
    start(catalogQueries.all(currentLanguage()))
  },
}
