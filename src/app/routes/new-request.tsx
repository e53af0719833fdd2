import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'

/** Where creating a request will live; the forms come with the catalog, and this page says so plainly. */
export function NewRequestRoute() {
  const { t } = useTranslation()
  const me = useQuery(meQueries.me())
  return (
    <>
      <h1>{t('requests.new.title')}</h1>
      <p>{t('requests.new.comingSoon')}</p>
      {me.isSuccess && !canCreate(me.data) && <p>{t('requests.new.readOnly')}</p>}
    </>
  )
}
