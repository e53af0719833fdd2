import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ERROR_CODE } from '@contract/error'
import { extend, omit } from 'zod/mini'
import { ZSandboxCatalogItem } from '@contract/catalog'
import { describeIssues } from '@contract/issue-messages'
import { ApiError, errorApi } from '../shared/api-error'
import { announcesBody, isJsonUtf8, jsonUtf8Writes, limitBody } from '../shared/edge'
import { SCOPE } from '@contract/misc'
import { AUTHORIZE_ERRORS } from '@contract/oauth'
import { ZQuotaRule } from '@contract/quota'
import { faultInputProblems, ZFaultInput } from './faults'
import { DAY, HOUR } from './ordering/lifecycle'
import { DEFAULT_ACCESS_TOKEN_SECONDS, DEFAULT_REFRESH_TOKEN_SECONDS, TOKEN_ERRORS, type TokenError } from './oidc/settings'
import { mobileStateOf } from './mobile/mobile-state'
import type { Sandbox } from './sandbox'
import { fromCatalogSchema } from './catalog/catalog-schema'
import { quotaControl } from './ordering/quota-control'

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
const ZNewCatalogItem = extend(omit(ZSandboxCatalogItem, { createdAt: true, category: true }), {
  nameFr: z.string().optional(),
  descriptionFr: z.string().optional(),
})

/** The header every control call sends: the secret printed at start and written to .data/control-secret (0009). */
export const CONTROL_SECRET_HEADER = 'X-Sandbox-Control-Secret'
/** Control bodies are small, but a catalog item carries its JSON Schema. */
export const CONTROL_BODY_MAX_BYTES = 256 * 1024

/**
 * The controls' message table: what they say when they refuse a call (tests and demos read them; English is enough,
 * 0009). The `message` of each code is the platform's, in the caller's language.
 */
export const CONTROL_ERRORS = errorApi('controls', 'platform', {
  noSecret: { en: `Send the control secret in the ${CONTROL_SECRET_HEADER} header: it is printed when the server starts and written to .data/control-secret.` },
  wrongSecret: { en: `The ${CONTROL_SECRET_HEADER} header is not this server’s control secret (printed at start, in .data/control-secret).` },
  contentType: { en: 'Send control bodies as application/json.' },
  notJson: { en: 'The body must be JSON.' },
  invalid: { en: 'Invalid body: {{path}} {{message}}.' },
  unknownClient: { en: 'Unknown client {{id}}.' },
  unknownCustomer: { en: 'Unknown customer {{id}}.' },
  unknownUser: { en: 'Unknown user {{id}}.' },
  catalogExists: { en: 'A catalog item with id {{id}} or type {{type}} exists already.' },
  badSchema: { en: 'schema is not a JSON Schema this sandbox can enforce: {{reason}}' },
})

function invalidBody(fields: { path: string; message: string }[]) {
  const first = fields[0] ?? { path: 'body', message: 'is invalid' }
  return new ApiError(CONTROL_ERRORS, 400, ERROR_CODE.invalidField, 'invalid', first, { fields })
}

async function body<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown
  try {
    raw = JSON.parse(await c.req.text())
  } catch {
    throw new ApiError(CONTROL_ERRORS, 400, ERROR_CODE.malformedBody, 'notJson')
  }
  const parsed = z.safeParse(schema, raw, { reportInput: true })
  if (!parsed.success) throw invalidBody(describeIssues(parsed.error.issues, 'en'))
  return parsed.data
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Every control call proves it comes from whoever started the server (0009): the secret header, which no web page can
 * send to another origin without a CORS preflight this server never grants, and a JSON body, which a `no-cors` form
 * or `text/plain` beacon cannot be. A refused call changes nothing and its body is never read.
 */
function controlGuard(secret: string): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header(CONTROL_SECRET_HEADER)
    if (!given) throw new ApiError(CONTROL_ERRORS, 401, ERROR_CODE.missingCredentials, 'noSecret')
    if (!sameSecret(given, secret)) throw new ApiError(CONTROL_ERRORS, 401, ERROR_CODE.invalidCredentials, 'wrongSecret')
    if ((c.req.method === 'POST' || announcesBody(c.req.raw.headers)) && !isJsonUtf8(c.req.header('Content-Type'))) {
      throw new ApiError(CONTROL_ERRORS, 415, ERROR_CODE.unsupportedMediaType, 'contentType')
    }
    await next()
  }
}

/**
 * Sandbox-only controls for tests and demos (docs/decisions/0009-sandbox-controls.md). Mounted only
 * when the gateway's upstream is the sandbox, so they can never touch a real operator.
 */
export function controlRoutes(sandbox: Sandbox, secret: string): Hono {
  const app = new Hono()
  // The secret first, then the body: a call without it is never read (0022).
  app.use('*', controlGuard(secret), limitBody(CONTROL_BODY_MAX_BYTES), jsonUtf8Writes)
  timeAndFaultControls(app, sandbox)
  applicationControls(app, sandbox)
  authorizationServerControls(app, sandbox)
  app.post('/catalogItems', (c) => addCatalogItem(sandbox, c))
  return app
}

/** The clock, maintenance and faults on demand (docs/decisions/0016-errors-faults-and-languages.md). */
function timeAndFaultControls(app: Hono, sandbox: Sandbox): void {
  const clockState = () => ({ now: new Date(sandbox.clock.now()).toISOString(), today: sandbox.clock.today(), offsetMs: sandbox.clock.offset })
  app.get('/clock', (c) => c.json(clockState()))
  app.post('/clock', async (c) => {
    const input = await body(c, ZAdvance)
    sandbox.clock.advance((input.days ?? 0) * DAY + (input.hours ?? 0) * HOUR)
    sandbox.catchUp(true)
    return c.json(clockState())
  })
  app.post('/maintenance', async (c) => {
    const input = await body(c, ZMaintenance)
    sandbox.faults.maintenance = input.enabled
    return c.json({ maintenance: sandbox.faults.maintenance })
  })
  // Faults on demand: the next N calls, or S seconds.
  app.get('/faults', (c) => c.json({ faults: sandbox.faults.injected.list() }))
  app.post('/faults', async (c) => {
    const input = await body(c, ZFaultInput)
    const problems = faultInputProblems(input)
    if (problems.length > 0) throw invalidBody(problems)
    return c.json(sandbox.faults.injected.add(input), 201)
  })
  app.delete('/faults', (c) => c.json({ cleared: sandbox.faults.injected.clear() }))
}

/** Tokens minted and revoked, the application quota, the subscription. */
function applicationControls(app: Hono, sandbox: Sandbox): void {
  app.post('/tokens', (c) => mintToken(sandbox, c))
  app.post('/tokens/revoke', async (c) => {
    const input = await body(c, ZRevoke)
    const revoked = 'token' in input ? Number(sandbox.tokens.revoke(input.token)) : sandbox.tokens.revokeSubject(input.clientId, input.subjectId, input.reason)
    return c.json({ revoked })
  })
  // The application quota (docs/decisions/0032-application-quota.md).
  app.route(
    '/quota',
    quotaControl(sandbox, (c) => body(c, ZQuotaRule)),
  )
  app.post('/subscription', async (c) => {
    const input = await body(c, ZSubscription)
    if (!sandbox.applications.setSubscribed(input.clientId, input.subscribed))
      throw new ApiError(CONTROL_ERRORS, 404, ERROR_CODE.notFound, 'unknownClient', { id: input.clientId })
    return c.json(input)
  })
}

async function mintToken(sandbox: Sandbox, c: Context): Promise<Response> {
  const input = await body(c, ZMintToken)
  const clientId = input.clientId ?? sandbox.config.SANDBOX_CLIENT_ID
  if (!sandbox.applications.byClientId(clientId)) throw new ApiError(CONTROL_ERRORS, 404, ERROR_CODE.notFound, 'unknownClient', { id: clientId })
  if (!sandbox.customerNames.has(input.customerId)) throw new ApiError(CONTROL_ERRORS, 404, ERROR_CODE.notFound, 'unknownCustomer', { id: input.customerId })
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
}

/** The authorization server (docs/decisions/0011-sign-in.md) and mobile discovery. */
function authorizationServerControls(app: Hono, sandbox: Sandbox): void {
  const lifetimes = () => ({ accessTokenSeconds: sandbox.oidc.accessTokenSeconds, refreshTokenSeconds: sandbox.oidc.refreshTokenSeconds })
  app.post('/oidc/lifetimes', async (c) => {
    const input = await body(c, ZLifetimes)
    // Tokens issued from now on; `{}` restores reference 2's hour and year.
    sandbox.oidc.accessTokenSeconds = input.accessTokenSeconds ?? DEFAULT_ACCESS_TOKEN_SECONDS
    sandbox.oidc.refreshTokenSeconds = input.refreshTokenSeconds ?? DEFAULT_REFRESH_TOKEN_SECONDS
    return c.json(lifetimes())
  })
  // How many refresh grants the authorization server answered (docs/decisions/0021-many-instances.md).
  app.get('/oidc/grants', (c) => c.json({ refresh: sandbox.oidc.refreshGrants }))
  app.post('/oidc/next-error', async (c) => {
    const input = await body(c, ZNextError)
    if (input.endpoint === 'authorize') sandbox.oidc.nextError.authorize = input.error
    else sandbox.oidc.nextError.token = input.error
    return c.json(sandbox.oidc.nextError)
  })
  app.post('/discovery', async (c) => {
    const input = await body(c, ZDiscoveryEnvironment)
    mobileStateOf(sandbox).environment = input
    return c.json(input)
  })
  app.post('/oidc/revoke-consent', async (c) => {
    const input = await body(c, ZRevokeConsent)
    const user = sandbox.users.byUsername(input.username)
    if (!user) throw new ApiError(CONTROL_ERRORS, 404, ERROR_CODE.notFound, 'unknownUser', { id: input.username })
    const consents = sandbox.signIn.forget(user.id, input.clientId)
    const tokens = sandbox.tokens.revokeUser(user.id, 'consent', input.clientId)
    return c.json({ consents, tokens })
  })
}

async function addCatalogItem(sandbox: Sandbox, c: Context): Promise<Response> {
  const input = await body(c, ZNewCatalogItem)
  if (sandbox.catalog.byId(input.id) || sandbox.catalog.byType(input.type)) {
    throw new ApiError(CONTROL_ERRORS, 409, ERROR_CODE.invalidField, 'catalogExists', { id: input.id, type: input.type })
  }
  try {
    fromCatalogSchema(input.schema)
  } catch (error) {
    // A pattern RE2 cannot run in linear time is refused here, not found out by a slow POST (0020).
    throw new ApiError(CONTROL_ERRORS, 400, ERROR_CODE.invalidField, 'badSchema', { reason: (error as Error).message })
  }
  const entry = sandbox.catalog.add(input, sandbox.clock.now())
  return c.json(sandbox.catalog.render(entry, 'en'), 201)
}
