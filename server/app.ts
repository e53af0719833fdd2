import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { SENDS_PATH } from '@contract/gateway-sends'
import { OPERATOR_TRAITS_PATH } from '@contract/operator-profile'
import type { ServerConfig } from './config'
import { ApiError } from './shared/api-error'
import { allowedHosts, answerError, identify, limitBody, methodNotAllowed, nothingAt, requestLog, sameOriginWrites, type EdgeEnv } from './shared/edge'
import { boundedFetch, type FetchLike } from './shared/upstream-fetch'
import { GATEWAY_AUTH_ERRORS } from './gateway/auth/auth-errors'
import { browserSessionRoutes } from './gateway/auth/browser-session'
import { mobileSignInRoutes, MOBILE_BASE } from './gateway/auth/mobile-connect'
import { operatorIssuer } from './gateway/auth/issuer'
import { isHttps } from './gateway/auth/same-origin'
import { SessionCookies } from './gateway/auth/session'
import { redisSessionStore, ServerSessions, sqliteSessionStore, type SessionStore } from './gateway/auth/session-store'
import { AUTH_BASE, createSignIn, signInRoutes, type SignIn } from './gateway/auth/token-handler'
import { cloudProxyRoutes, GATEWAY_CLOUD_BASE, type CloudUpstream } from './gateway/cloud-proxy'
import { GATEWAY_ORDERING_BASE, orderingProxyRoutes } from './gateway/ordering-proxy'
import type { Upstream } from './gateway/person-call'
import { operatorTraitsRoutes } from './gateway/operator-traits'
import { personCustomers } from './gateway/person-customer'
import { refusalMemory } from './gateway/refused-parameters'
import { gatewayStore } from './gateway/redis-store'
import { sendGuard, sendGuardRoutes } from './gateway/send-guard'
import type { SharedStore } from './gateway/shared-store'
import { compressJson } from './gateway/compress-json'
import { operatorThrottle, personOf, type OperatorThrottle } from './gateway/throttle'
import { quotaPause } from './gateway/quota-pause'
import { createFirstView } from './gateway/first-view'
import { spaRoutes } from './gateway/spa'
import { SANDBOX_BASE, SANDBOX_CLOUD_BASE, SANDBOX_ORDERING_BASE, sandboxRoutes } from './sandbox/routes'
import { ssoSignOutCookie } from './sandbox/oidc/authorize'
import { createSandbox, type Sandbox } from './sandbox/sandbox'

export interface BuiltApp {
  app: Hono<EdgeEnv>
  sandbox: Sandbox | null
  /** The one store every part of the gateway shares with the other instances (docs/decisions/0021-many-instances.md). */
  store: SharedStore
  /** Where signed-in sessions live (docs/decisions/0031-server-side-sessions.md): SQLite, or Redis with REDIS_URL. */
  sessions: ServerSessions
  /** The sandbox control endpoint's secret (0009); null when the controls are not mounted. */
  controlSecret: string | null
  /**
   * Loads the first-view renderer and renders each page once from empty answers (0026), so that the first page after a
   * start gets its view within the render's wait; `main.ts` calls it once listening. Unit tests never do.
   */
  warmFirstView(): Promise<void>
  close(): void
}

/** The host of the sandbox when the gateway reaches it in-process: never on the network, never in ALLOWED_HOSTS. */
const IN_PROCESS = 'http://sandbox.internal'
/** Bodies of the sign-in (/auth) and of the sandbox's sign-in pages and token endpoints: forms of a few hundred bytes. */
const FORM_BODY_MAX_BYTES = 16 * 1024
/** Where an OpenID provider publishes its discovery document, under its issuer (OpenID Connect Discovery 1.0, 4). */
const DISCOVERY_PATH = '/.well-known/openid-configuration'
/**
 * The calls one render of a first view makes, at most: the session, then the page's loader (the list: its page and the
 * catalog; the dashboard: its two counts and the catalog) (0026).
 */
const FIRST_VIEW_CALLS = 4
/** The SPA's pages under /auth: the operator's redirects come back to them. */
const SPA_AUTH_PAGES = [`${AUTH_BASE}/callback`, `${AUTH_BASE}${MOBILE_BASE}/callback`]
/** The methods this server knows; any other (TRACE, CONNECT, PROPFIND…) is a 405 before any route. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

type Target = { sandboxPath: string } | { url: string }
type Reach = (target: Target) => { url: string; fetch: FetchLike }
type Throttled = <T extends { fetch: FetchLike }>(target: T, api?: 'ordering' | 'cloud') => T
type BuildOptions = { realNow?: () => number; store?: SharedStore; sessionStore?: SessionStore }

/**
 * Builds the one server: the gateway's API proxy and token handler (/auth), the sandbox (when it is the upstream) and
 * the SPA. Starting it is main.ts's job, so tests call `app.request()` in-process.
 */
export function buildApp(config: ServerConfig, options: BuildOptions = {}): BuiltApp {
  const now = options.realNow ?? Date.now
  const app = new Hono<EdgeEnv>()
  // ONE store for everything instances must agree on: the send guard (0020), the refresh lock,
  // the /me and mobile token caches (0021). Redis with REDIS_URL, this process's memory otherwise; tests may pass one.
  const shared = options.store ? { ...gatewayStore(undefined, { now }), store: options.store } : gatewayStore(config.REDIS_URL, { now })
  const store = shared.store
  // Sessions are not shared state that may fall back to memory: a lost store signs people out, never in (0031).
  const sessions = new ServerSessions(
    options.sessionStore ?? (shared.redis ? redisSessionStore(shared.redis, shared.health) : sqliteSessionStore(config.SESSION_DB_PATH, now)),
    now,
    config.SESSION_STORE_GRACE_MS,
  )
  const sandbox = config.usesSandbox ? createSandbox(config, options) : null
  const controlSecret = sandbox && config.SANDBOX_CONTROL === 'on' ? (config.SANDBOX_CONTROL_SECRET ?? randomBytes(24).toString('base64url')) : null
  // The sandbox's routes, built once: mounted on this server below, and reached in-process by the gateway.
  const sandboxApp = sandbox ? new Hono().route(SANDBOX_BASE, sandboxRoutes(sandbox, { controlSecret })) : null
  sandboxApp?.onError(answerError)
  const reach = upstreamReach(config, sandboxApp)
  // One throttle budget under the operator's spike arrest, for every call the gateway makes to a remote operator
  // (0021). The in-process sandbox is left to answer its own spike arrest, which the SPA's tests of 403 53 rely on.
  const throttle = operatorThrottle({
    perSecond: sandboxApp ? 0 : config.OPERATOR_REQUESTS_PER_SECOND,
    renderPerSecond: sandboxApp ? config.SANDBOX_SPIKE_ARREST_PER_SECOND : config.OPERATOR_REQUESTS_PER_SECOND,
    bulkWaitMs: config.OPERATOR_BULK_WAIT_MS,
    redis: shared.redis,
    health: shared.health,
  })
  // An API whose application quota is spent is not called until it frees, on any instance (0032); outside the budget.
  const pauses = { ordering: quotaPause({ store, api: 'ordering', now }), cloud: quotaPause({ store, api: 'cloud', now }) }
  const throttled: Throttled = (target, api = 'ordering') => ({ ...target, fetch: pauses[api].wrap(throttle.wrap(target.fetch)) })
  // The sandbox's quota control changes what the operator would say: what the gateway learned of it is forgotten.
  sandbox?.quota.onChange(() => void pauses.ordering.forget())

  orderEdge(app, config, throttle)
  if (sandboxApp) app.route('/', sandboxApp)
  mountGateway(app, config, { sandbox, reach, throttled, store, sessions, now })
  unknownAddresses(app, config)
  const warmFirstView = config.SERVE_SPA === 'on' ? mountSpa(app, config, throttle) : async () => undefined
  // Anything else (a POST to a page, a GET with the SPA off) is a 404 entity too.
  app.notFound((c) => nothingAt(c.req.path).respond(c))

  return {
    app,
    sandbox,
    store: shared.store,
    sessions,
    controlSecret,
    warmFirstView: () => warmFirstView(),
    close: () => {
      sandbox?.close()
      sessions.close()
      void shared.close()
    },
  }
}

/**
 * The one upstream factory: the sandbox in-process (no network hop, as a remote operator would be reached) when the
 * target is the sandbox, else the network; every exchange, answer and body, bounded by UPSTREAM_TIMEOUT_MS (0022).
 */
function upstreamReach(config: ServerConfig, sandboxApp: Hono | null): Reach {
  const inProcess: FetchLike | null = sandboxApp ? boundedFetch(async (request) => sandboxApp.fetch(request), config.UPSTREAM_TIMEOUT_MS) : null
  const network: FetchLike = boundedFetch((request) => fetch(request), config.UPSTREAM_TIMEOUT_MS)
  return (target) =>
    'sandboxPath' in target && inProcess
      ? { url: `${IN_PROCESS}${target.sandboxPath}`, fetch: inProcess }
      : { url: 'url' in target ? target.url : `${IN_PROCESS}${target.sandboxPath}`, fetch: network }
}

function upstreamOf(config: ServerConfig, reach: Reach, target: Target) {
  const { url, fetch } = reach(target)
  return { baseUrl: url.replace(/\/$/, ''), fetch, timeoutMs: config.UPSTREAM_TIMEOUT_MS }
}

/** The edge, in this order, for every call (docs/decisions/0022-server-edge.md). */
function orderEdge(app: Hono<EdgeEnv>, config: ServerConfig, throttle: OperatorThrottle): void {
  // 1. Any error a route did not answer becomes an error entity with the request id, never plain text.
  app.onError(answerError)
  // 2. A request id, then the log line (so that even a refused host is logged).
  app.use('*', identify)
  if (config.LOG_REQUESTS === 'on') app.use('*', requestLog({ hashKey: config.oidc.sessionSecret }))
  // 3. Only the configured hosts (DNS rebinding).
  app.use('*', allowedHosts(config.allowedHosts))
  // 4. Only the methods this server knows.
  app.use('*', async (c, next) => {
    if (!(KNOWN_METHODS as readonly string[]).includes(c.req.method)) throw methodNotAllowed(c.req.method, KNOWN_METHODS)
    await next()
  })
  // 5. Same-origin writes on the gateway, before any body is read.
  app.use('/api/*', sameOriginWrites())
  app.use(
    `${AUTH_BASE}/*`,
    sameOriginWrites((c, reason) => new ApiError(GATEWAY_AUTH_ERRORS, 403, 'invalid_request', 'crossSite', { reason }).respond(c)),
  )
  // 6. Body limits while the body streams in. The API proxy bounds its own, after its session check (ordering-proxy.ts);
  //    the sandbox's ordering API counts its own (400 code 63, 0004) and its controls theirs, after the secret (control.ts).
  const formLimit = limitBody(FORM_BODY_MAX_BYTES)
  app.use(
    `${AUTH_BASE}/*`,
    limitBody(FORM_BODY_MAX_BYTES, (c) => new ApiError(GATEWAY_AUTH_ERRORS, 413, 'invalid_request', 'bodyTooLarge', { max: FORM_BODY_MAX_BYTES }).respond(c)),
  )
  app.use(`${SANDBOX_BASE}/*`, async (c, next) => {
    const path = c.req.path
    if ([SANDBOX_ORDERING_BASE, `${SANDBOX_BASE}/control`].some((base) => path === base || path.startsWith(`${base}/`))) return next()
    return formLimit(c, next)
  })
  // 7. The API's JSON answers above 1 KB, compressed for a client that accepts it (docs/decisions/0024-delivery.md).
  app.use('/api/*', compressJson())
  // 8. The operator's throttle budget: a call that must wait longer than it may is a 429 with Retry-After (0021).
  app.use('/api/*', throttle.middleware)
}

/** What the gateway's parts are built from. */
interface GatewayDeps {
  sandbox: Sandbox | null
  reach: Reach
  throttled: Throttled
  store: SharedStore
  sessions: ServerSessions
  now: () => number
}

/** The gateway's routes: sign-in (password and mobile), the browser's session, the proxies, the send guard, the traits. */
function mountGateway(app: Hono<EdgeEnv>, config: ServerConfig, deps: GatewayDeps): void {
  const { sandbox, reach, throttled, store } = deps
  const ordering: Upstream = {
    ...throttled(upstreamOf(config, reach, sandbox ? { sandboxPath: SANDBOX_ORDERING_BASE } : { url: config.ORDERING_UPSTREAM })),
    apiKey: config.apiKey,
    profile: config.operatorProfile,
  }
  const signIn = passwordSignIn(config, deps)
  const cloudUpstream = cloudUpstreamOf(config, deps)
  const customers = personCustomers(ordering, signIn.sessions, { now: deps.now, store })
  const guard = sendGuard({ store, customers, upstreamTimeoutMs: ordering.timeoutMs })
  app.route(AUTH_BASE, signInRoutes(signIn))
  app.route(`${AUTH_BASE}${MOBILE_BASE}`, mobileSignIn(config, deps))
  app.route(`${AUTH_BASE}/session`, browserSessionRoutes(signIn.sessions, cloudUpstream ? { customerId: cloudUpstream.customerId, customers } : null))
  app.route(GATEWAY_ORDERING_BASE, orderingProxyRoutes(ordering, signIn.sessions, guard, customers, refusalMemory(store)))
  app.route(OPERATOR_TRAITS_PATH, operatorTraitsRoutes(config.operatorProfile))
  app.route(SENDS_PATH, sendGuardRoutes({ store, sessions: signIn.sessions, customers }))
  app.route(GATEWAY_CLOUD_BASE, cloudProxyRoutes(cloudUpstream, signIn.sessions, customers))
  app.get('/healthz', (c) => c.json({ ok: true, upstream: sandbox ? 'sandbox' : 'operator' }))
}

/** The password sign-in through the operator's authorization server (0011), or the sandbox's. */
function passwordSignIn(config: ServerConfig, { sandbox, reach, store, sessions, now }: GatewayDeps): SignIn {
  // The operator's token endpoint: config.oidc.baseUrl is a path on this server with the sandbox, a URL otherwise.
  const tokenEndpoint = reach(sandbox ? { sandboxPath: `${config.oidc.baseUrl}/v1/token` } : { url: `${config.oidc.baseUrl}/v1/token` })
  return createSignIn({
    oidc: config.oidc,
    tokenEndpoint: { ...tokenEndpoint, timeoutMs: config.UPSTREAM_TIMEOUT_MS },
    now,
    store,
    sessions,
    sessionSecrets: config.sessionSecrets,
    // The ID token's `iss`: the profile's, else the operator's discovery document's, else derived (0027).
    issuer: operatorIssuer({
      profileIssuer: config.operatorProfile.issuer,
      derived: config.oidc.issuer,
      documents: [
        reach(sandbox ? { sandboxPath: `${config.oidc.baseUrl}${DISCOVERY_PATH}` } : { url: `${config.oidc.baseUrl}${DISCOVERY_PATH}` }),
        reach(sandbox ? { sandboxPath: `${SANDBOX_BASE}${DISCOVERY_PATH}` } : { url: `${config.OIDC_BASE_URL?.replace(/\/$/, '')}${DISCOVERY_PATH}` }),
      ],
      now,
    }),
    // The sandbox's own sign-in session ends with the console's; a real operator offers no end-session endpoint (0020).
    operatorSignOutCookies: sandbox ? (c) => [ssoSignOutCookie(SANDBOX_BASE, isHttps(c))] : undefined,
  })
}

/** Sign-in with a mobile number (0017): discovery, the operators and the client-credentials endpoint, reached like the rest. */
function mobileSignIn(config: ServerConfig, { sandbox, reach, store, sessions, now }: GatewayDeps): Hono {
  const discovery = reach(sandbox ? { sandboxPath: SANDBOX_BASE } : { url: config.MOBILE_CONNECT_DISCOVERY_URL?.replace(/\/$/, '') ?? '' })
  const clientCredentials = reach(
    sandbox ? { sandboxPath: `${SANDBOX_BASE}/oauth/v3/token` } : { url: `${config.OIDC_BASE_URL?.replace(/\/$/, '')}/oauth/v3/token` },
  )
  return mobileSignInRoutes({
    discoveryUrl: discovery.url || null,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    clientCredentialsUrl: clientCredentials.url,
    // One way to reach discovery and the operators it names: the operators' addresses come from its answers.
    fetch: discovery.fetch,
    cookies: new SessionCookies(config.sessionSecrets, now, sessions),
    sessionSecret: config.sessionSecrets,
    now,
    store,
  })
}

/** The cloud lists (0018): the key is one customer's (the sandbox application's, or CLOUD_CUSTOMER_ID). */
function cloudUpstreamOf(config: ServerConfig, { sandbox, reach, throttled }: GatewayDeps): CloudUpstream | null {
  const sandboxCustomer = sandbox?.applications.byClientId(config.SANDBOX_CLIENT_ID)?.customer_id
  const cloudCustomer = config.cloud?.customerId ?? sandboxCustomer
  if (config.cloud && !cloudCustomer) throw new Error('The cloud API key’s customer is unknown: set CLOUD_CUSTOMER_ID.')
  if (!config.cloud || !cloudCustomer) return null
  const target = config.cloud.upstream === 'sandbox' ? { sandboxPath: SANDBOX_CLOUD_BASE } : { url: config.cloud.upstream }
  return { ...throttled(upstreamOf(config, reach, target), 'cloud'), apiKey: config.cloud.apiKey, customerId: cloudCustomer }
}

/** Unknown API, sign-in or sandbox addresses are errors a client can read, never the SPA's page. */
function unknownAddresses(app: Hono<EdgeEnv>, config: ServerConfig): void {
  for (const prefix of ['/api', AUTH_BASE, SANDBOX_BASE]) {
    app.all(`${prefix}/*`, async (c, next) => {
      // /api alone is the SPA's page about the API (docs/decisions/0016-errors-faults-and-languages.md, "Pages"), not an API address.
      if (c.req.path === '/api' && c.req.method === 'GET' && config.SERVE_SPA === 'on') return next()
      // The sign-in's two callback pages are the SPA's (0011, 0017).
      if (SPA_AUTH_PAGES.includes(c.req.path) && ['GET', 'HEAD'].includes(c.req.method) && config.SERVE_SPA === 'on') return next()
      throw nothingAt(c.req.path)
    })
  }
}

/** The SPA's files and pages; returns what loads and warms the first-view renderer ahead of the first page that needs it. */
function mountSpa(app: Hono<EdgeEnv>, config: ServerConfig, throttle: OperatorThrottle): () => Promise<undefined> {
  // A page's first view asks this server for the page's first calls, in-process, as the browser would (0026).
  let firstView: ReturnType<typeof createFirstView> | undefined
  const loadFirstView = () =>
    (firstView ??= createFirstView(
      { spa: config.SPA_DIST, server: config.SPA_SERVER_DIST },
      async (request) => app.fetch(request),
      // A person's renders count against their share of the operator's rate (0021): past it, the page renders in the browser.
      (c) => throttle.admitRender(personOf(c), FIRST_VIEW_CALLS),
    ).catch(() => null))
  app.route('/', spaRoutes(config.SPA_DIST, loadFirstView))
  return async () => void (await (await loadFirstView())?.warm())
}
