import { CloudPage } from '@/features/cloud/components/cloud-page'

/** /cloud: the cloud resources (regions, then a project's instances in a region). Loaded with its route. */
export function CloudRoute() {
  return <CloudPage />
}
