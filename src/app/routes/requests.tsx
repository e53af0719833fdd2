import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { meQueries } from '@/features/auth/api/get-me'
import { RequestsList } from '@/features/requests/components/requests-list'
import { personKey } from '@/lib/person-key'

export function RequestsRoute() {
  const { t } = useTranslation()
  // Saved views and "changed since your last look" are kept per person (docs/decisions/0025).
  const me = useQuery(meQueries.me())
  return (
    <>
      <h1>{t('requests.list.title')}</h1>
      <RequestsList person={personKey(me.data)} />
    </>
  )
}
