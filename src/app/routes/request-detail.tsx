import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { RequestDetail } from '@/features/request-detail/components/request-detail'
import { ArrivalNotice } from '@/components/ui/arrival-notice'

/** A request's page: its detail, with the actions the person's scope allows (none while their scope is unknown). */
export function RequestDetailRoute() {
  const { id = '' } = useParams()
  const me = useQuery(meQueries.me())
  return (
    <>
      <ArrivalNotice />
      <RequestDetail key={id} id={id} canCreate={me.isSuccess && canCreate(me.data)} />
    </>
  )
}
