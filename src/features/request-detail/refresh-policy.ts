import type { Request } from '@contract/request'
import { isOpen } from './request-state'
import type { OperatorTraits } from '@contract/operator-profile'
import { REFRESH_INTERVAL_MS } from '@/lib/refresh-interval'

/**
 * An open request moves on by itself: its page reads it on an interval and whenever the person comes back to
 * the tab. Observer options, added on top of `requestQueries.detail(id)`: the cached request stays one.
 */
export function refreshPolicyOf(
  request: Pick<Request, 'status'> | undefined,
  traits?: Pick<OperatorTraits, 'closedStatuses'>,
): { interval: number | false; onWindowFocus: boolean | 'always' } {
  return request && isOpen(request, traits) ? { interval: REFRESH_INTERVAL_MS, onWindowFocus: 'always' } : { interval: false, onWindowFocus: true }
}
