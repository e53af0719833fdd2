import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { API_KEY_PLACES, DATE_RANGE_STYLES, SORT_STYLES, ZOperatorProfile, type OperatorProfile } from '@contract/operator-profile'
import { ZQuotaRule } from '@contract/quota'
import { SANDBOX_APPLICATION } from './sandbox/demo'

/**
 * Everything the server reads from its environment, parsed once at start. A bad value stops the
 * process with a message naming the variable (see formatConfigError).
 */
const SANDBOX = 'sandbox'

const port = z.coerce.number().int().min(0).max(65535)
const positiveInt = z.coerce.number().int().min(0)

export const ZServerEnv = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** `sandbox` (default) serves the built-in sandbox; a URL points the gateway at a real operator. */
    ORDERING_UPSTREAM: z.union([z.literal(SANDBOX), z.url({ protocol: /^https?$/ })]).default(SANDBOX),
    /** The API key the gateway adds; defaults to the sandbox key when the upstream is the sandbox. */
    ORDERING_API_KEY: z.string().min(1).optional(),
    SANDBOX_DB_PATH: z.string().min(1).default('.data/sandbox.db'),
    SANDBOX_SEED_COUNT: positiveInt.default(5000),
    SANDBOX_SEED: z.coerce.number().int().default(20261122),
    SANDBOX_SPIKE_ARREST_PER_SECOND: positiveInt.default(25),
    SANDBOX_TOKEN_REQUESTS_PER_MINUTE: positiveInt.default(50),
    /** The sandbox's application quota on the ordering API, as JSON (docs/decisions/0032-application-quota.md); unset, none. */
    SANDBOX_QUOTA: z
      .string()
      .transform((text, ctx) => {
        let raw: unknown
        try {
          raw = JSON.parse(text)
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"window":"fixed","limit":1000,"period":"month"}' })
          return z.NEVER
        }
        const rule = z.safeParse(ZQuotaRule, raw)
        if (!rule.success) {
          ctx.addIssue({
            code: 'custom',
            message: `must be {"window":"fixed","limit":N,"period":"month"|"day"} or {"window":"rolling","limit":N,"seconds":S}: ${rule.error.issues[0]?.message ?? ''}`,
          })
          return z.NEVER
        }
        return rule.data
      })
      .optional(),
    SANDBOX_CLIENT_ID: z.string().min(1).default(SANDBOX_APPLICATION.clientId),
    SANDBOX_CLIENT_SECRET: z.string().min(16).default(SANDBOX_APPLICATION.clientSecret),
    SANDBOX_API_KEY: z.string().min(8).default(SANDBOX_APPLICATION.apiKey),
    /** How the sandbox fills the references' gaps (docs/decisions/0029-second-dialect.md): `alternate` is a second operator for the tests. */
    SANDBOX_DIALECT: z.enum(['default', 'alternate']).default('default'),
    /** Sandbox-only endpoints for tests (clock, faults); never mounted when the upstream is real. */
    SANDBOX_CONTROL: z.enum(['on', 'off']).default('on'),
    SERVE_SPA: z.enum(['on', 'off']).default('on'),
    /**
     * The sandbox control endpoint's secret (docs/decisions/0009-sandbox-controls.md), sent as X-Sandbox-Control-Secret;
     * random at each start when unset (printed at start and written to .data/control-secret).
     */
    SANDBOX_CONTROL_SECRET: z.string().min(16).optional(),
    /**
     * The only Host values the server answers (docs/decisions/0022-server-edge.md), comma-separated, compared exactly
     * (`host:port`, or a bare host for port 80); defaults to localhost and 127.0.0.1 on PORT.
     */
    ALLOWED_HOSTS: z.string().min(1).optional(),
    /** How long the gateway waits for a whole upstream exchange (answer and body) before answering 504. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
    /** One JSON line per request on stdout (docs/decisions/0022-server-edge.md); main.ts turns it on by default. */
    LOG_REQUESTS: z.enum(['on', 'off']).default('off'),
    /**
     * Sign-in (docs/decisions/0011-sign-in.md). With the sandbox every value has a default;
     * with a real operator OIDC_BASE_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and SESSION_SECRET are required.
     */
    OIDC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_COUNTRY: z.enum(['fr', 'es']).default('fr'),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(16).optional(),
    OIDC_SCOPE: z.string().min(1).default('openid offline_access b2b:ordering b2b:ordering:readonly'),
    /** Encrypts the session cookie (access and refresh tokens); 32 characters or more, the same on every instance. */
    SESSION_SECRET: z.string().min(32).optional(),
    /** Rotation (docs/decisions/0021-many-instances.md): `new,old,…`; seals with the first, opens with any. Wins over SESSION_SECRET. */
    SESSION_SECRETS: z
      .string()
      .refine((v) => v.split(',').every((s) => s.trim().length >= 32), 'each secret needs 32 characters or more')
      .optional(),
    /** Where one instance keeps signed-in sessions (docs/decisions/0031-server-side-sessions.md); unused with REDIS_URL. */
    SESSION_DB_PATH: z.string().min(1).default('.data/sessions.db'),
    /** How long a session seen valid is still accepted while the session store cannot be reached (0031); at most 60 s. */
    SESSION_STORE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
    /** Shared state of several gateway instances (0021); unset, one instance keeps it in memory. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** The operator's spike arrest the gateway stays under, across all instances (0021). */
    OPERATOR_REQUESTS_PER_SECOND: positiveInt.default(25),
    /** How long a bulk read (an export's page) waits for the budget before a 429, in ms (0021); the throttle's 15 s when unset. */
    OPERATOR_BULK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** Where the sandbox's authorization server says it lives (ID token `iss`). */
    SANDBOX_ISSUER_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** Redirect URIs registered for the sandbox application, comma-separated; defaults cover PORT and Vite's 5173. */
    SANDBOX_REDIRECT_URIS: z.string().min(1).optional(),
    /** `{discovery_url}` of reference 3 for sign-in with a mobile number (docs/decisions/0017); the sandbox's by default, off with a real upstream when unset. */
    MOBILE_CONNECT_DISCOVERY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SPA_DIST: z.string().min(1).default('dist'),
    /** The SPA's server build (`vite build --ssr`), which renders the list's first view (0026); absent, pages render in the browser alone. */
    SPA_SERVER_DIST: z.string().min(1).default('dist-server'),
    /**
     * The cloud resource interface (reference 3, docs/decisions/0018-cloud-lists.md): `sandbox`, or the base URL of a
     * real one ending in /cloud/v1. Defaults to the sandbox when ORDERING_UPSTREAM is the sandbox; unset with a real
     * operator, the gateway has no cloud API.
     */
    CLOUD_UPSTREAM: z.union([z.literal(SANDBOX), z.url({ protocol: /^https?$/ })]).optional(),
    /** The `Authorization: APIKey` value the gateway adds; defaults to the sandbox's cloud key with the sandbox. */
    CLOUD_API_KEY: z.string().min(1).optional(),
    SANDBOX_CLOUD_API_KEY: z.string().min(8).default('sandbox-cloud-api-key'),
    /**
     * The customer CLOUD_API_KEY belongs to (its id in GET /me's `customer.id`): only that customer's people see the
     * cloud lists. Required with a real cloud API; with the sandbox, the sandbox application's customer is used.
     */
    CLOUD_CUSTOMER_ID: z.string().trim().min(1).optional(),
    /**
     * A JSON file saying how the operator fills the references' gaps (docs/decisions/0027-operator-profile.md): its
     * issuer, API key placement, sort and date-range syntax, page size, patterns, closed statuses. Unset: the default
     * sandbox's ways.
     */
    OPERATOR_PROFILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ORDERING_UPSTREAM !== SANDBOX) {
      for (const name of ['OIDC_BASE_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET'] as const) {
        if (!env[name] && !(name === 'SESSION_SECRET' && env.SESSION_SECRETS))
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when ORDERING_UPSTREAM points at a real operator' })
      }
    }
    if (env.ORDERING_UPSTREAM === SANDBOX && env.ORDERING_API_KEY && env.ORDERING_API_KEY !== env.SANDBOX_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDERING_API_KEY'],
        message: 'must equal SANDBOX_API_KEY when the upstream is the sandbox (or leave it unset)',
      })
    }
    const cloudUpstream = env.CLOUD_UPSTREAM ?? (env.ORDERING_UPSTREAM === SANDBOX ? SANDBOX : undefined)
    if (cloudUpstream === SANDBOX && env.ORDERING_UPSTREAM !== SANDBOX) {
      ctx.addIssue({ code: 'custom', path: ['CLOUD_UPSTREAM'], message: 'can be sandbox only when ORDERING_UPSTREAM is the sandbox' })
    }
    if (cloudUpstream === SANDBOX && env.CLOUD_API_KEY && env.CLOUD_API_KEY !== env.SANDBOX_CLOUD_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOUD_API_KEY'],
        message: 'must equal SANDBOX_CLOUD_API_KEY when the cloud upstream is the sandbox (or leave it unset)',
      })
    }
    if (cloudUpstream !== undefined && cloudUpstream !== SANDBOX && !env.CLOUD_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['CLOUD_API_KEY'], message: 'is required when CLOUD_UPSTREAM points at a real cloud API' })
    }
    if (cloudUpstream !== undefined && cloudUpstream !== SANDBOX && !env.CLOUD_CUSTOMER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOUD_CUSTOMER_ID'],
        message: 'is required when CLOUD_UPSTREAM points at a real cloud API: the id of the customer CLOUD_API_KEY belongs to (customer.id of GET /me)',
      })
    }
    if (cloudUpstream === SANDBOX && env.CLOUD_CUSTOMER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOUD_CUSTOMER_ID'],
        message: 'must be unset when the cloud upstream is the sandbox: its cloud key belongs to the sandbox application’s customer',
      })
    }
    if (env.ORDERING_UPSTREAM !== SANDBOX && !env.ORDERING_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDERING_API_KEY'],
        message: 'is required when ORDERING_UPSTREAM points at a real operator',
      })
    }
  })

/** How the gateway signs people in: the operator's endpoints and this application's credentials. */
export interface OidcSettings {
  /** `{auth_url}/openidconnect/{country_code}`: authorize and token are under it (reference 2). */
  baseUrl: string
  issuer: string
  clientId: string
  clientSecret: string
  scope: string
  sessionSecret: string
}

export type ServerConfig = z.infer<typeof ZServerEnv> & {
  usesSandbox: boolean
  apiKey: string
  oidc: OidcSettings
  /** Redirect URIs the sandbox application accepts. */
  sandboxRedirectUris: string[]
  /** Host header values the server answers, lower case (ALLOWED_HOSTS). */
  allowedHosts: string[]
  /**
   * The cloud API behind /api/cloud/v1 (0018); null when none is configured. `customerId` is the key's customer
   * (absent with the sandbox, where the sandbox application's customer is read at start).
   */
  cloud: { upstream: 'sandbox' | string; apiKey: string; customerId?: string } | null
  /** Every accepted session secret, the sealing one first (oidc.sessionSecret is that one). */
  sessionSecrets: string[]
  /** How the operator fills the references' gaps (OPERATOR_PROFILE, docs/decisions/0027-operator-profile.md); the defaults without it. */
  operatorProfile: OperatorProfile
}

/** Only for the sandbox: a fixed development secret, so that a restart keeps people signed in. */
const SANDBOX_SESSION_SECRET = 'sandbox-session-secret-not-for-production-0123456789'

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const known = Object.fromEntries(Object.keys(ZServerEnv.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])))
  const parsed = ZServerEnv.safeParse(known)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const value = env[name]
      return `- ${name}${value === undefined ? '' : ` (${JSON.stringify(value)})`}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration, fix these environment variables:\n${lines.join('\n')}`)
  }
  const settings = parsed.data
  const usesSandbox = settings.ORDERING_UPSTREAM === SANDBOX
  const rotation =
    settings.SESSION_SECRETS?.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean) ?? []
  const sessionSecrets = rotation.length > 0 ? rotation : [settings.SESSION_SECRET ?? SANDBOX_SESSION_SECRET]
  const issuerBase = (settings.SANDBOX_ISSUER_BASE ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '')
  const oidc: OidcSettings = usesSandbox
    ? {
        baseUrl: `/sandbox/openidconnect/${settings.OIDC_COUNTRY}`,
        issuer: `${issuerBase}/sandbox/openidconnect/${settings.OIDC_COUNTRY}`,
        clientId: settings.SANDBOX_CLIENT_ID,
        clientSecret: settings.SANDBOX_CLIENT_SECRET,
        scope: settings.OIDC_SCOPE,
        sessionSecret: sessionSecrets[0]!,
      }
    : {
        baseUrl: `${settings.OIDC_BASE_URL!.replace(/\/$/, '')}/openidconnect/${settings.OIDC_COUNTRY}`,
        issuer: `${settings.OIDC_BASE_URL!.replace(/\/$/, '')}/openidconnect/${settings.OIDC_COUNTRY}`,
        clientId: settings.OIDC_CLIENT_ID!,
        clientSecret: settings.OIDC_CLIENT_SECRET!,
        scope: settings.OIDC_SCOPE,
        sessionSecret: sessionSecrets[0]!,
      }
  const sandboxRedirectUris = settings.SANDBOX_REDIRECT_URIS
    ? settings.SANDBOX_REDIRECT_URIS.split(',')
        .map((uri) => uri.trim())
        .filter(Boolean)
    : [`http://localhost:${settings.PORT}`, `http://127.0.0.1:${settings.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173'].map(
        (origin) => `${origin}/auth/callback`,
      )
  const allowedHosts = (settings.ALLOWED_HOSTS ?? `localhost:${settings.PORT},127.0.0.1:${settings.PORT}`)
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  return {
    ...settings,
    usesSandbox,
    allowedHosts,
    apiKey: settings.ORDERING_API_KEY ?? settings.SANDBOX_API_KEY,
    oidc,
    sandboxRedirectUris,
    cloud: cloudOf(settings),
    sessionSecrets,
    operatorProfile: readOperatorProfile(settings.OPERATOR_PROFILE),
  }
}

const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(', ')

/** What each key of the profile accepts, as the start's error says it (docs/decisions/0027-operator-profile.md). */
const PROFILE_ACCEPTS: Record<keyof OperatorProfile, string> = {
  issuer: 'an http or https URL (the ID token’s `iss`)',
  apiKey: quoted(API_KEY_PLACES),
  sort: quoted(SORT_STYLES),
  dateRange: quoted(DATE_RANGE_STYLES),
  pageSizeMax: 'an integer from 1 to 10000',
  wildcards: 'true or false',
  closedStatuses: 'a non-empty array of status codes (strings of 1 to 64 characters)',
}

/**
 * The operator profile of `path`, checked with ZOperatorProfile; the defaults when `path` is unset. A file that
 * cannot be read, is not JSON, has an unknown key or a bad value stops the start with a ConfigError naming the file,
 * the key and what it accepts.
 */
function readOperatorProfile(path: string | undefined): OperatorProfile {
  if (path === undefined) return ZOperatorProfile.parse({})
  const fail = (lines: string[]) => {
    throw new ConfigError(`Invalid operator profile, fix the file OPERATOR_PROFILE names (${path}):\n${lines.join('\n')}`)
  }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    return fail([`- the file cannot be read: ${(error as Error).message}`])
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return fail([`- the file is not JSON: ${(error as Error).message}`])
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return fail([`- the file must hold a JSON object with the keys ${Object.keys(PROFILE_ACCEPTS).join(', ')}`])
  const parsed = ZOperatorProfile.safeParse(json)
  if (parsed.success) return parsed.data
  const given = json as Record<string, unknown>
  const lines = parsed.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `- ${key}: is not a key of the profile; the keys are ${Object.keys(PROFILE_ACCEPTS).join(', ')}`)
    }
    const key = String(issue.path[0]) as keyof OperatorProfile
    return [`- ${key} (${JSON.stringify(given[key])}): accepts ${PROFILE_ACCEPTS[key] ?? issue.message}`]
  })
  return fail([...new Set(lines)])
}

function cloudOf(settings: z.infer<typeof ZServerEnv>): ServerConfig['cloud'] {
  const upstream = settings.CLOUD_UPSTREAM ?? (settings.ORDERING_UPSTREAM === SANDBOX ? SANDBOX : undefined)
  if (upstream === undefined) return null
  return {
    upstream,
    apiKey: settings.CLOUD_API_KEY ?? settings.SANDBOX_CLOUD_API_KEY,
    ...(settings.CLOUD_CUSTOMER_ID ? { customerId: settings.CLOUD_CUSTOMER_ID } : {}),
  }
}
