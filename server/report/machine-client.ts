import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody, ZOAuthErrorBody, type ApiErrorBody } from '@contract/error'
import { ZTokenResponse } from '@contract/oauth'
import { ZOperatorProfile, type OperatorProfile } from '@contract/operator-profile'
import { toOperatorQuery } from '../shared/operator-dialect'
import { readTooManyRequests, UNKNOWN_TOO_MANY_TRIES } from '@contract/quota'
import { TokenCache } from './token-cache'

/**
 * A machine-to-machine client of the ordering API (reference 2, client credentials; docs/decisions/0019):
 * one cached token reused until it expires or the API calls it expired or invalid (401 42 / 41), backing off
 * on 429 and 403 code 53 of the spike arrest (and 503), stopping with a clear message when the credentials or the
 * subscription are refused, or the application's quota is spent (docs/decisions/0032-application-quota.md). It never
 * prints a token.
 */

export type Fetch = (request: Request) => Promise<Response>

export interface MachineClientOptions {
  /** The ordering API's base URL, ending with /v3. */
  apiBaseUrl: string
  apiKey: string
  /** `{auth_url}/oauth/v3/token`. */
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** How the operator writes a query and takes the API key (docs/decisions/0027-operator-profile.md); unset: the sandbox's. */
  profile?: OperatorProfile
  fetch: Fetch
  cache: TokenCache
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Told about every wait, for a line on stderr. */
  onWait?: (wait: { ms: number; reason: string; attempt: number }) => void
  timeoutMs?: number
}

/** What stops a run: the message says what happened and what to do; `exitCode` is the process's. */
export class ReportError extends Error {
  constructor(
    message: string,
    /** 2: credentials or access refused; 3: the API failed, or stayed rate-limited; 4: the application's quota is spent. */
    readonly exitCode: 2 | 3 | 4,
  ) {
    super(message)
    this.name = 'ReportError'
  }
}

/** Bounds of the waits: exponential from 1 s with jitter, at most 2 minutes each, 6 tries in all. */
export const BACKOFF = { baseMs: 1000, maxWaitMs: 120_000, maxAttempts: 6 } as const
/** A token this close to its expiry is renewed rather than sent. */
const EXPIRY_MARGIN_MS = 60_000

/**
 * The wait before try `attempt + 1`: the server's Retry-After when it gives one, never less than half the
 * exponential step plus a random share of the other half (so that many clients do not retry in step), bounded.
 */
export function backoffDelay(attempt: number, retryAfter: string | null, random: () => number): number {
  const step = Math.min(BACKOFF.maxWaitMs, BACKOFF.baseMs * 2 ** attempt)
  const jittered = step / 2 + random() * (step / 2)
  const seconds = retryAfter !== null && /^[0-9]+$/.test(retryAfter.trim()) ? Number(retryAfter) : null
  const dated = seconds === null && retryAfter ? Date.parse(retryAfter) - Date.now() : NaN
  const asked = seconds !== null ? seconds * 1000 : Number.isFinite(dated) ? Math.max(0, dated) : 0
  return Math.min(BACKOFF.maxWaitMs, Math.max(asked + random() * 250, jittered))
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text())
  } catch {
    return undefined
  }
}

function describeApiError(body: ApiErrorBody | undefined, response: Response): string {
  const requestId = response.headers.get(HEADER.requestId)
  const what = body ? `code ${body.code}, ${body.message}${body.description ? `: ${body.description}` : ''}` : 'no error entity'
  return `${response.status} (${what})${requestId ? ` [request id ${requestId}]` : ''}`
}

/** The run's end on a spent quota: what was refused, when the quota frees (Retry-After) or that it frees gradually. */
function quotaSpent(path: string, body: ApiErrorBody, response: Response, now: number): ReportError {
  const retryAfter = response.headers.get('Retry-After')?.trim() ?? ''
  const seconds = /^\d+$/.test(retryAfter) ? Number(retryAfter) : Number.isNaN(Date.parse(retryAfter)) ? null : (Date.parse(retryAfter) - now) / 1000
  const frees =
    seconds === null
      ? 'It frees gradually (a rolling window): run the report again later.'
      : `It frees at ${new Date(now + Math.max(0, seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')} (Retry-After ${Math.round(Math.max(0, seconds))} s): run the report again then.`
  return new ReportError(
    `The application's quota for the ordering API is used up: GET ${path} answered ${describeApiError(body, response)}. Nothing was retried. ${frees}`,
    4,
  )
}

export class MachineClient {
  private readonly key: string
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  readonly profile: OperatorProfile
  /** Token requests made by this client (not answered from the cache). */
  tokenRequests = 0

  constructor(private readonly options: MachineClientOptions) {
    this.profile = options.profile ?? ZOperatorProfile.parse({})
    this.key = TokenCache.keyOf(options.tokenUrl, options.clientId)
    this.now = options.now ?? Date.now
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
    this.random = options.random ?? Math.random
  }

  /**
   * GET `path` (relative to the API base, without a query) with the canonical `query` (docs/decisions/0002-list-queries.md)
   * written in the operator's dialect, the API key where the profile puts it, and the token; the answer is a 2xx.
   * Messages name `path` only: the query may hold the API key.
   */
  async get(path: string, query = new URLSearchParams()): Promise<Response> {
    const call = toOperatorQuery(query, this.profile, this.options.apiKey)
    const search = call.query.toString()
    const url = `${this.options.apiBaseUrl}${path}${search ? `?${search}` : ''}`
    let renewed = false
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken()
      const response = await this.send(
        new Request(url, {
          headers: { Accept: 'application/json', 'Accept-Language': 'en', ...call.headers, Authorization: `Bearer ${token}` },
        }),
        attempt,
      )
      if (response === 'retry') continue
      if (response.ok) return response
      const parsed = ZApiErrorBody.safeParse(await readJson(response))
      const body = parsed.success ? parsed.data : undefined
      if (response.status === 401 && (body?.code === ERROR_CODE.expiredCredentials || body?.code === ERROR_CODE.invalidCredentials) && !renewed) {
        // Expired or revoked: one new token, once per call (a second refusal is not a token problem).
        this.options.cache.forget(this.key)
        renewed = true
        attempt--
        continue
      }
      if (response.status === 403 && body?.code === ERROR_CODE.tooManyRequests) {
        // One reading of a 403 code 53 (0032): a spent quota is never waited out; one the description does not name, a
        // few times as the spike arrest, then shown as it came.
        const kind = readTooManyRequests(body.description)
        if (kind === 'quota') throw quotaSpent(path, body, response, this.now())
        if (kind === 'unknown' && attempt + 1 >= UNKNOWN_TOO_MANY_TRIES) throw new ReportError(`GET ${path} failed: ${describeApiError(body, response)}.`, 3)
      }
      if ((response.status === 403 && body?.code === ERROR_CODE.tooManyRequests) || response.status === 429 || response.status === 503) {
        await this.wait(attempt, response, `GET ${path} answered ${describeApiError(body, response)}`)
        continue
      }
      if (response.status === 403 && body?.code === ERROR_CODE.accessDenied) {
        throw new ReportError(
          `Access denied by the ordering API, ${describeApiError(body, response)}. The application's subscription to the ordering API is missing, pending or suspended: ask the operator to restore it.`,
          2,
        )
      }
      if (response.status === 401) {
        throw new ReportError(
          `The ordering API refused the credentials, ${describeApiError(body, response)}. Check the API key (ORDERING_API_KEY) and that the client credentials belong to the same application.`,
          2,
        )
      }
      throw new ReportError(`GET ${path} failed: ${describeApiError(body, response)}.`, 3)
    }
  }

  /** The cached token while it has more than a minute left; otherwise a new one from the token endpoint. */
  async accessToken(): Promise<string> {
    const cached = this.options.cache.read(this.key)
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.accessToken
    return this.requestToken()
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`).toString('base64')
    for (let attempt = 0; ; attempt++) {
      this.tokenRequests++
      const response = await this.send(
        new Request(this.options.tokenUrl, {
          method: 'POST',
          headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        }),
        attempt,
      )
      if (response === 'retry') continue
      const json = await readJson(response)
      if (response.ok) {
        // `scope` is tolerated (sent from 17 February 2026), `expires_in` may be a string: the contract reads both.
        const tokens = ZTokenResponse.safeParse(json)
        if (!tokens.success) throw new ReportError(`The token endpoint answered ${response.status} without a usable token.`, 3)
        const obtainedAt = this.now()
        this.options.cache.write(this.key, {
          accessToken: tokens.data.access_token,
          expiresAt: obtainedAt + tokens.data.expires_in * 1000,
          obtainedAt,
          ...(tokens.data.scope ? { scope: tokens.data.scope } : {}),
        })
        return tokens.data.access_token
      }
      const oauth = ZOAuthErrorBody.safeParse(json)
      const platform = ZApiErrorBody.safeParse(json)
      const error = oauth.success ? oauth.data.error : platform.success ? `code ${platform.data.code}` : 'no error body'
      const description = oauth.success ? oauth.data.error_description : platform.success ? platform.data.description : undefined
      const said = `${response.status} ${error}${description ? `: ${description}` : ''}`
      if (
        response.status === 429 ||
        response.status === 503 ||
        (response.status === 403 && platform.success && platform.data.code === ERROR_CODE.tooManyRequests)
      ) {
        await this.wait(attempt, response, `the token endpoint answered ${said}`)
        continue
      }
      if (response.status === 401) {
        throw new ReportError(
          `The token endpoint refused the client credentials (${said}). Check the client id and secret (OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or REPORT_CLIENT_ID and REPORT_CLIENT_SECRET).`,
          2,
        )
      }
      if (response.status === 400 && error === 'unauthorized_client') {
        throw new ReportError(`The token endpoint refused the application (${said}). Its subscription is missing or suspended: ask the operator.`, 2)
      }
      throw new ReportError(`The token endpoint answered ${said}.`, 3)
    }
  }

  /** Sends `request`; a network failure or timeout is waited out and retried like a 503 ('retry'). */
  private async send(request: Request, attempt: number): Promise<Response | 'retry'> {
    try {
      return await this.options.fetch(new Request(request, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) }))
    } catch (error) {
      const reason = `${new URL(request.url).host} could not be reached (${(error as Error).message})`
      if (attempt + 1 >= BACKOFF.maxAttempts) throw new ReportError(`${reason}; gave up after ${BACKOFF.maxAttempts} tries.`, 3)
      const ms = backoffDelay(attempt, null, this.random)
      this.options.onWait?.({ ms, reason, attempt: attempt + 1 })
      await this.sleep(ms)
      return 'retry'
    }
  }

  private async wait(attempt: number, response: Response, reason: string): Promise<void> {
    if (attempt + 1 >= BACKOFF.maxAttempts) throw new ReportError(`Still refused after ${BACKOFF.maxAttempts} tries: ${reason}. Try again later.`, 3)
    const ms = backoffDelay(attempt, response.headers.get('Retry-After'), this.random)
    this.options.onWait?.({ ms, reason, attempt: attempt + 1 })
    await this.sleep(ms)
  }
}
