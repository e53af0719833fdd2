import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorMessage } from '@/components/ui/error-message'
import { NotFoundRoute } from './not-found'

/** What a person sees when a page fails to render or load: the usual error message, never a blank page. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />
  return (
    <main id="main">
      <ErrorMessage error={error} onRetry={() => window.location.reload()} />
    </main>
  )
}
