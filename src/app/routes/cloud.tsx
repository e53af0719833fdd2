import { CloudPage } from '@/features/cloud/components/cloud-page'
import { cloudQueries } from '@/features/cloud/api/cloud-queries'
import type { RouteModule } from '../route-loaders'

/** /cloud: the cloud resources (regions, then a project's instances in a region). Loaded with its route. */
function CloudRoute() {
  return <CloudPage />
}

export const route: RouteModule = {
  Component: CloudRoute,
  startData: (_, start) => {
    start(cloudQueries.regions())
    start(cloudQueries.projects())
  },
}
