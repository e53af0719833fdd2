import { Hono } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE, type ApiErrorBody } from '@contract/error'
import { SENDS_PATH } from '@contract/gateway-sends'
import type { ServerConfig } from './config'
import { newRequestId } from './shared/request-id'
import { createMobileSignIn, MOBILE_BASE, sessionInfoRoute } from './gateway/auth/mobile-connect'
import { isHttps } from './gateway/auth/same-origin'
import { SessionCookies } from './gateway/auth/session'
import { AUTH_BASE, createSignIn } from './gateway/auth/token-handler'
import { cloudProxy, GATEWAY_CLOUD_BASE, type CloudUpstream } from './gateway/cloud-proxy'
import { GATEWAY_ORDERING_BASE, orderingProxy, type Upstream } from './gateway/ordering-proxy'
import { personCustomers } from './gateway/person-customer'
import { sendGuard } from './gateway/send-guard'
import { memoryStore, type SharedStore } from './gateway/shared-store'
import { spaRoutes } from './gateway/spa'
import { SANDBOX_BASE, SANDBOX_CLOUD_BASE, SANDBOX_ORDERING_BASE, sandboxRoutes } from './sandbox/routes'
import { ssoSignOutCookie } from './sandbox/oidc/authorize'
import { createSandbox, type Sandbox } from './sandbox/sandbox'

export interface BuiltApp {
  app: Hono
  sandbox: Sandbox | null
  close(): void
}

/**
 * Builds the one server: the gateway's API proxy and token handler (/auth), the sandbox (when it is the upstream) and the SPA.
 * Starting it is main.ts's job, so tests call `app.request()` in-process.
 */
export function buildApp(config: ServerConfig, options: { realNow?: () => number; store?: SharedStore } = {}): BuiltApp {
  const app = new Hono()
  // What every gateway instance must agree on: the send guard, revoked sessions (0020).
  const store = options.store ?? memoryStore()
  const sandbox = config.usesSandbox ? createSandbox(config, options) : null
  let sandboxApp: Hono | null = null
  if (sandbox) {
    sandboxApp = new Hono().route(SANDBOX_BASE, sandboxRoutes(sandbox))
    app.route(SANDBOX_BASE, sandboxRoutes(sandbox))
  }

  const upstream: Upstream = sandboxApp
    ? {
        // In-process: the gateway reaches the sandbox without a network hop, as it would a remote operator.
        baseUrl: `http://sandbox.internal${SANDBOX_ORDERING_BASE}`,
        fetch: async (request) => sandboxApp.fetch(request),
        apiKey: config.apiKey,
        timeoutMs: 30_000,
      }
    : {
        baseUrl: config.ORDERING_UPSTREAM.replace(/\/$/, ''),
        fetch: (request) => fetch(request),
        apiKey: config.apiKey,
        timeoutMs: 30_000,
      }
  // The operator's token endpoint, reached like the API: the sandbox in-process (config.oidc.baseUrl is then
  // a path on this server), a real operator over the network.
  const signIn = createSignIn({
    oidc: config.oidc,
    tokenEndpoint: sandboxApp
      ? {
          url: new URL(`${config.oidc.baseUrl}/v1/token`, 'http://sandbox.internal').toString(),
          fetch: async (request) => sandboxApp.fetch(request),
          timeoutMs: 30_000,
        }
      : { url: `${config.oidc.baseUrl}/v1/token`, fetch: (request) => fetch(request), timeoutMs: 30_000 },
    now: options.realNow ?? Date.now,
    store,
    // The sandbox's own sign-in session ends with the console's; a real operator offers no end-session endpoint (0020).
    operatorSignOutCookies: sandbox ? (c) => [ssoSignOutCookie(SANDBOX_BASE, isHttps(c))] : undefined,
  })
  app.route(AUTH_BASE, signIn.routes)
  // Sign-in with a mobile number (0017): discovery, the operators and the client-credentials endpoint, reached like the rest.
  const mobileCookies = new SessionCookies(config.oidc.sessionSecret, options.realNow ?? Date.now, store)
  const mobile = createMobileSignIn({
    discoveryUrl: sandboxApp ? `http://sandbox.internal${SANDBOX_BASE}` : (config.MOBILE_CONNECT_DISCOVERY_URL?.replace(/\/$/, '') ?? null),
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    clientCredentialsUrl: sandboxApp ? `http://sandbox.internal${SANDBOX_BASE}/oauth/v3/token` : `${config.OIDC_BASE_URL?.replace(/\/$/, '')}/oauth/v3/token`,
    fetch: sandboxApp ? async (request) => sandboxApp.fetch(request) : (request) => fetch(request),
    cookies: mobileCookies,
    sessionSecret: config.oidc.sessionSecret,
    now: options.realNow ?? Date.now,
  })
  app.route(`${AUTH_BASE}${MOBILE_BASE}`, mobile.routes)
  app.route(`${AUTH_BASE}/session`, sessionInfoRoute(mobileCookies))
  const customers = personCustomers(upstream, signIn.sessions, { now: options.realNow ?? Date.now })
  const guard = sendGuard({ store, sessions: signIn.sessions, customers, upstreamTimeoutMs: upstream.timeoutMs })
  app.route(GATEWAY_ORDERING_BASE, orderingProxy(upstream, signIn.sessions, guard))
  app.route(SENDS_PATH, guard.routes)
  // The cloud lists (0018): the sandbox in-process like the ordering API, or a real cloud API; none configured is a 404.
  // The key is one customer's (the sandbox application's, or CLOUD_CUSTOMER_ID): only its people are served.
  const sandboxCustomer = sandbox?.applications.byClientId(config.SANDBOX_CLIENT_ID)?.customer_id
  const cloudCustomer = config.cloud?.customerId ?? sandboxCustomer
  if (config.cloud && !cloudCustomer) throw new Error('The cloud API key’s customer is unknown: set CLOUD_CUSTOMER_ID.')
  const cloudUpstream: CloudUpstream | null = !config.cloud || !cloudCustomer
    ? null
    : config.cloud.upstream === 'sandbox' && sandboxApp
      ? { baseUrl: `http://sandbox.internal${SANDBOX_CLOUD_BASE}`, fetch: async (request) => sandboxApp.fetch(request), apiKey: config.cloud.apiKey, customerId: cloudCustomer, timeoutMs: 30_000 }
      : { baseUrl: config.cloud.upstream.replace(/\/$/, ''), fetch: (request) => fetch(request), apiKey: config.cloud.apiKey, customerId: cloudCustomer, timeoutMs: 30_000 }
  app.route(GATEWAY_CLOUD_BASE, cloudProxy(cloudUpstream, signIn.sessions, customers))
  app.get('/healthz', (c) => c.json({ ok: true, upstream: sandbox ? 'sandbox' : 'operator' }))
  // Unknown API or sandbox addresses are errors a client can read, never the SPA's page.
  for (const prefix of ['/api', SANDBOX_BASE]) {
    app.all(`${prefix}/*`, async (c, next) => {
      // /api alone is the SPA's page about the API (issue 7), not an API address.
      if (c.req.path === '/api' && c.req.method === 'GET' && config.SERVE_SPA === 'on') return next()
      const body: ApiErrorBody = { code: ERROR_CODE.notFound, message: 'Resource not found', description: `No resource exists at ${c.req.path}.` }
      return c.body(JSON.stringify(body), 404, { 'Content-Type': 'application/json', [HEADER.requestId]: newRequestId() })
    })
  }
  if (config.SERVE_SPA === 'on') app.route('/', spaRoutes(config.SPA_DIST))

  return { app, sandbox, close: () => sandbox?.close() }
}
