import { Hono } from 'hono'
import type { Sandbox } from '../sandbox'
import { discoveryEndpoints } from './discovery'
import { operatorEndpoints } from './operator-server'

/**
 * The sandbox's mobile identity service (reference 3, docs/decisions/0017-mobile-connect.md), mounted at /sandbox:
 * `/v2/discovery` and its operator-selection page, `/operators/{key}/openidconnect/{cc}/v1/…`, `/phone/{id}`.
 */
export function mobileConnect(sandbox: Sandbox): Hono {
  return new Hono().route('/', discoveryEndpoints(sandbox)).route('/', operatorEndpoints(sandbox))
}
