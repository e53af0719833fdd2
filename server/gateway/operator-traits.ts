import { Hono } from 'hono'
import type { OperatorProfile, OperatorTraits } from '@contract/operator-profile'

/**
 * GET OPERATOR_TRAITS_PATH (docs/decisions/0027-operator-profile.md): the few traits of the operator profile the SPA
 * reads (closed statuses, largest page, patterns). Nothing in it is secret nor differs between people, so no session
 * is needed; it changes only when the gateway restarts with another profile, so the browser may keep it five minutes.
 */
export function operatorTraitsRoutes(profile: OperatorProfile): Hono {
  const traits: OperatorTraits = { closedStatuses: profile.closedStatuses, pageSizeMax: profile.pageSizeMax, wildcards: profile.wildcards }
  return new Hono().get('/', (c) => c.json(traits, 200, { 'Cache-Control': 'private, max-age=300' }))
}
