import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { extend, omit } from 'zod/mini'
import { ZCatalogItem } from '@contract/catalog'
import { ERROR_CODE, type ApiErrorBody } from '@contract/error'
import { describeIssues } from '@contract/issue-messages'
import { SCOPE } from '@contract/misc'
import { faultInputProblems, ZFaultInput } from './faults'
import { DAY, HOUR } from './ordering/lifecycle'
import { AUTHORIZE_ERRORS, DEFAULT_ACCESS_TOKEN_SECONDS, DEFAULT_REFRESH_TOKEN_SECONDS, TOKEN_ERRORS, type TokenError } from './oidc/settings'
import { mobileStateOf } from './mobile/mobile-state'
import type { Sandbox } from './sandbox'
import { fromCatalogSchema } from './catalog/catalog-schema'

const ZAdvance = z.strictObject({
  days: z.number().min(0).max(3650).optional(),
  hours: z.number().min(0).max(87600).optional(),
})
const ZMaintenance = z.strictObject({ enabled: z.boolean() })
const ZMintToken = z.strictObject({
  customerId: z.string().min(1),
  subjectId: z.string().min(1).default('sandbox-tester'),
  scopes: z.array(z.string()).min(1).default([SCOPE.full]),
  ttlSeconds: z.int().min(1).max(31_536_000).default(3600),
  clientId: z.string().optional(),
})
const ZRevoke = z.union([
  z.strictObject({ token: z.string().min(1) }),
  z.strictObject({ clientId: z.string().min(1), subjectId: z.string().min(1), reason: z.enum(['revoked', 'consent']) }),
])
const ZSubscription = z.strictObject({ clientId: z.string().min(1), subscribed: z.boolean() })
const ZLifetimes = z.strictObject({
  accessTokenSeconds: z.int().min(1).max(DEFAULT_ACCESS_TOKEN_SECONDS).optional(),
  refreshTokenSeconds: z.int().min(1).max(DEFAULT_REFRESH_TOKEN_SECONDS).optional(),
})
const ZNextError = z.discriminatedUnion('endpoint', [
  z.strictObject({ endpoint: z.literal('authorize'), error: z.enum(AUTHORIZE_ERRORS) }),
  z.strictObject({ endpoint: z.literal('token'), error: z.enum(Object.keys(TOKEN_ERRORS) as [TokenError, ...TokenError[]]) }),
])
/** Discovery as production (docs/decisions/0017-mobile-connect.md): operator endpoints only where an agreement exists. */
const ZDiscoveryEnvironment = z.strictObject({ production: z.boolean(), agreements: z.array(z.enum(['fr', 'es'])).default([]) })
const ZRevokeConsent = z.strictObject({ username: z.string().min(1), clientId: z.string().min(1).optional() })
const ZNewCatalogItem = extend(omit(ZCatalogItem, { createdAt: true, category: true }), {
  nameFr: z.string().optional(),
  descriptionFr: z.string().optional(),
})

async function body<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    return c.json({ error: 'The body must be JSON.' }, 400)
  }
  const parsed = z.safeParse(schema, raw, { reportInput: true })
  if (!parsed.success) return c.json({ error: 'Invalid body.', fields: describeIssues(parsed.error.issues, 'en') }, 400)
  return parsed.data
}

/**
 * Sandbox-only controls for tests and demos (docs/decisions/0009-sandbox-controls.md). Mounted only
 * when the gateway's upstream is the sandbox, so they can never touch a real operator.
 */
export function controlEndpoint(sandbox: Sandbox): Hono {
  const app = new Hono()
  const clockState = () => ({ now: new Date(sandbox.clock.now()).toISOString(), today: sandbox.clock.today(), offsetMs: sandbox.clock.offset })

  app.get('/clock', (c) => c.json(clockState()))
  app.post('/clock', async (c) => {
    const input = await body(c, ZAdvance)
    if (input instanceof Response) return input
    sandbox.clock.advance((input.days ?? 0) * DAY + (input.hours ?? 0) * HOUR)
    sandbox.catchUp(true)
    return c.json(clockState())
  })
  app.post('/maintenance', async (c) => {
    const input = await body(c, ZMaintenance)
    if (input instanceof Response) return input
    sandbox.faults.maintenance = input.enabled
    return c.json({ maintenance: sandbox.faults.maintenance })
  })
  // Faults on demand (docs/decisions/0016-errors-faults-and-languages.md): the next N calls, or S seconds.
  app.get('/faults', (c) => c.json({ faults: sandbox.faults.injected.list() }))
  app.post('/faults', async (c) => {
    const input = await body(c, ZFaultInput)
    if (input instanceof Response) return input
    const problems = faultInputProblems(input)
    if (problems.length > 0) return c.json({ error: 'Invalid body.', fields: problems }, 400)
    return c.json(sandbox.faults.injected.add(input), 201)
  })
  app.delete('/faults', (c) => c.json({ cleared: sandbox.faults.injected.clear() }))
  app.post('/tokens', async (c) => {
    const input = await body(c, ZMintToken)
    if (input instanceof Response) return input
    const clientId = input.clientId ?? sandbox.config.SANDBOX_CLIENT_ID
    if (!sandbox.applications.byClientId(clientId)) return c.json({ error: `Unknown client ${clientId}.` }, 404)
    if (!sandbox.customerNames.has(input.customerId)) return c.json({ error: `Unknown customer ${input.customerId}.` }, 404)
    const { token, expiresAt } = sandbox.tokens.issue({
      kind: 'access',
      clientId,
      subjectKind: 'user',
      subjectId: input.subjectId,
      customerId: input.customerId,
      scopes: input.scopes,
      ttlMs: input.ttlSeconds * 1000,
    })
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: input.ttlSeconds, expires_at: new Date(expiresAt).toISOString() }, 201)
  })
  app.post('/tokens/revoke', async (c) => {
    const input = await body(c, ZRevoke)
    if (input instanceof Response) return input
    const revoked = 'token' in input
      ? Number(sandbox.tokens.revoke(input.token))
      : sandbox.tokens.revokeSubject(input.clientId, input.subjectId, input.reason)
    return c.json({ revoked })
  })
  app.post('/subscription', async (c) => {
    const input = await body(c, ZSubscription)
    if (input instanceof Response) return input
    if (!sandbox.applications.setSubscribed(input.clientId, input.subscribed)) return c.json({ error: `Unknown client ${input.clientId}.` }, 404)
    return c.json(input)
  })

  // --- The authorization server (docs/decisions/0011-sign-in.md) ---
  const lifetimes = () => ({ accessTokenSeconds: sandbox.oidc.accessTokenSeconds, refreshTokenSeconds: sandbox.oidc.refreshTokenSeconds })
  app.post('/oidc/lifetimes', async (c) => {
    const input = await body(c, ZLifetimes)
    if (input instanceof Response) return input
    // Tokens issued from now on; `{}` restores reference 2's hour and year.
    sandbox.oidc.accessTokenSeconds = input.accessTokenSeconds ?? DEFAULT_ACCESS_TOKEN_SECONDS
    sandbox.oidc.refreshTokenSeconds = input.refreshTokenSeconds ?? DEFAULT_REFRESH_TOKEN_SECONDS
    return c.json(lifetimes())
  })
  // How many refresh grants the authorization server answered (docs/decisions/0021-many-instances.md).
  app.get('/oidc/grants', (c) => c.json({ refresh: sandbox.oidc.refreshGrants }))
  app.post('/oidc/next-error', async (c) => {
    const input = await body(c, ZNextError)
    if (input instanceof Response) return input
    if (input.endpoint === 'authorize') sandbox.oidc.nextError.authorize = input.error
    else sandbox.oidc.nextError.token = input.error
    return c.json(sandbox.oidc.nextError)
  })
  app.post('/discovery', async (c) => {
    const input = await body(c, ZDiscoveryEnvironment)
    if (input instanceof Response) return input
    mobileStateOf(sandbox).environment = input
    return c.json(input)
  })

  app.post('/oidc/revoke-consent', async (c) => {
    const input = await body(c, ZRevokeConsent)
    if (input instanceof Response) return input
    const user = sandbox.users.byUsername(input.username)
    if (!user) return c.json({ error: `Unknown user ${input.username}.` }, 404)
    const consents = sandbox.signIn.forget(user.id, input.clientId)
    const tokens = sandbox.tokens.revokeUser(user.id, 'consent', input.clientId)
    return c.json({ consents, tokens })
  })

  app.post('/catalogItems', async (c) => {
    const input = await body(c, ZNewCatalogItem)
    if (input instanceof Response) return input
    if (sandbox.catalog.byId(input.id) || sandbox.catalog.byType(input.type)) {
      return c.json({ error: `A catalog item with id ${input.id} or type ${input.type} exists already.` }, 409)
    }
    try {
      fromCatalogSchema(input.schema)
    } catch (error) {
      // A pattern RE2 cannot run in linear time is refused here, not found out by a slow POST (0020).
      const refusal: ApiErrorBody = { code: ERROR_CODE.invalidField, message: 'Invalid field', description: `schema is not a JSON Schema this sandbox can enforce: ${(error as Error).message}` }
      return c.json(refusal, 400)
    }
    const entry = sandbox.catalog.add(input, sandbox.clock.now())
    return c.json(sandbox.catalog.render(entry, 'en'), 201)
  })
  return app
}
