import { queryOptions } from '@tanstack/react-query'
import type { AuthSession } from '../session'

/**
 * The header's account part says how the person signed in (docs/decisions/0017): the session's own answer to
 * GET /auth/session, not a second call of it.
 */
export const sessionInfoQuery = (session: Pick<AuthSession, 'signInMethod'>) =>
  queryOptions({ queryKey: ['auth', 'session'], queryFn: () => session.signInMethod(), staleTime: 5 * 60_000 })
