import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { RequestDetail } from '@/features/request-detail/components/request-detail'
import { ArrivalNotice } from '@/components/ui/arrival-notice'
import { requestQueries } from '@/lib/queries/requests'
import type { RouteModule } from '../route-loaders'

/** A request's page: its detail, with the actions the person's scope allows (none while their scope is unknown). */
function RequestDetailRoute() {
  const { id = '' } = useParams()
  const me = useQuery(meQueries.me())
  return (
    <>
      <ArrivalNotice />
      <RequestDetail key={id} id={id} canCreate={me.isSuccess && canCreate(me.data)} />
    </>
  )
}

export const route: RouteModule = {
  Component: RequestDetailRoute,
  startData: ({ params }, start) => {
    if (params.id) start(requestQueries.detail(params.id))
    start(meQueries.me())
  },
}
