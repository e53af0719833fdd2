import { Hono, type Context } from 'hono'
import type { QuotaRule } from '@contract/quota'
import type { Sandbox } from '../sandbox'

/**
 * `/sandbox/control/quota` (docs/decisions/0009-sandbox-controls.md, 0032-application-quota.md): GET the rule and what
 * the sandbox application used of it, POST a rule (the SANDBOX_QUOTA JSON; fresh counters), DELETE to remove it.
 */
export function quotaControl(sandbox: Sandbox, readRule: (c: Context) => Promise<QuotaRule>): Hono {
  const app = new Hono()
  const state = () => ({ quota: sandbox.quota.rule, used: sandbox.quota.used(sandbox.config.SANDBOX_CLIENT_ID, 'ordering') })
  app.get('/', (c) => c.json(state()))
  app.post('/', async (c) => {
    sandbox.quota.set(await readRule(c))
    return c.json(state())
  })
  app.delete('/', (c) => {
    sandbox.quota.set(null)
    return c.json(state())
  })
  return app
}
