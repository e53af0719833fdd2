import { SCOPE } from '@contract/misc'

/*
 * What every sandbox holds from its first start, written once: the seed writes it, the configuration takes the
 * application's credentials as its defaults, and the tests of both runners sign in with it (README, "Sign in" and
 * "Sandbox data"; docs/decisions/0008-seed-data.md, 0011-sign-in.md, 0037-one-way-each.md).
 */

/** The three sandbox customers; the default application belongs to the first. */
export const SEED_CUSTOMERS = [
  { id: 'C001', name: 'Acme Industries', prefix: 'ACM', share: 0.5 },
  { id: 'C002', name: 'Blue Harbor Logistics', prefix: 'BHL', share: 0.3 },
  { id: 'C003', name: 'Cobalt Retail', prefix: 'COB', share: 0.2 },
] as const

/** The console's application at the sandbox, unless SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET or SANDBOX_API_KEY say otherwise. */
export const SANDBOX_APPLICATION = {
  clientId: 'ordering-console-sandbox',
  clientSecret: 'sandbox-client-secret-0123456789abcdef',
  apiKey: 'sandbox-api-key',
} as const

/** Every demo person's password. */
export const DEMO_PASSWORD = 'sandbox'

/** The demo people. Ids are stable: they are the ID token `sub`. */
export const DEMO_PEOPLE = {
  alice: { id: 'U001', username: 'alice@acme.example', name: 'Alice Martin', customerId: 'C001', scopes: [SCOPE.full, SCOPE.readonly] },
  marc: { id: 'U002', username: 'marc@acme.example', name: 'Marc Dubois', customerId: 'C001', scopes: [SCOPE.readonly] },
  bruno: { id: 'U003', username: 'bruno@blueharbor.example', name: 'Bruno García', customerId: 'C002', scopes: [SCOPE.full, SCOPE.readonly] },
} as const
