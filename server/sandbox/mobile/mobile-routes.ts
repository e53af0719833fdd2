import { Hono } from 'hono'
import type { Sandbox } from '../sandbox'
import { discoveryRoutes } from './discovery'
import { mobileOperatorRoutes } from './mobile-operator'

/**
 * The sandbox's mobile identity service (reference 3, docs/decisions/0017-mobile-connect.md), mounted at /sandbox:
 * `/v2/discovery` and its operator-selection page, `/operators/{key}/openidconnect/{cc}/v1/…`, `/phone/{id}`.
 */
export function mobileRoutes(sandbox: Sandbox): Hono {
  return new Hono().route('/', discoveryRoutes(sandbox)).route('/', mobileOperatorRoutes(sandbox))
}
