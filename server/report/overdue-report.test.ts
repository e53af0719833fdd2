import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import { isOverdueAndOpen } from '@contract/overdue'
import {
  jsonResponse,
  listAll,
  OPERATOR_API,
  OPERATOR_AUTH,
  OPERATOR_ENV,
  SANDBOX_API_KEY,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  startTestApp,
  tokenRequest,
  type TestApp,
} from '../../test/test-app'
import { BACKOFF, backoffDelay, MachineClient, ReportError } from './machine-client'
import { fetchOverdueRequests, renderReport } from './overdue-report'
import { parseReportArgs, progressLine, runReportCli } from './overdue-report-cli'
import { TokenCache } from './token-cache'

const ORIGIN = 'http://sandbox.internal'
const TOKEN_PATH = '/sandbox/oauth/v3/token'

let folder: string
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'overdue-report-'))
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

let cacheNumber = 0
/** A new, empty token cache file. */
function freshCache(): TokenCache {
  return new TokenCache(join(folder, `cache-${++cacheNumber}`, 'token.json'))
}

interface Run {
  client: MachineClient
  /** Calls that reached the sandbox's token endpoint, over every client of this run set. */
  tokenCalls: number[]
  waits: number[]
}

/**
 * A machine client of the sandbox of `t`, as `npm run report:overdue` builds one, whose waits move the test's
 * clock instead of sleeping (the sandbox's rate-limit windows follow that clock).
 */
function machineClient(t: TestApp, cache: TokenCache, run: Pick<Run, 'tokenCalls' | 'waits'>, secret = SANDBOX_CLIENT_SECRET): MachineClient {
  return new MachineClient({
    apiBaseUrl: `${ORIGIN}/sandbox/ordering/v3`,
    apiKey: SANDBOX_API_KEY,
    tokenUrl: `${ORIGIN}${TOKEN_PATH}`,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: secret,
    cache,
    fetch: async (request) => {
      const response = await t.app.fetch(request)
      if (new URL(request.url).pathname === TOKEN_PATH) run.tokenCalls.push(response.status)
      return response
    },
    now: t.clock.now,
    sleep: async (ms) => {
      run.waits.push(ms)
      t.clock.advance(ms)
    },
    random: () => 0.5,
  })
}

function newRun(t: TestApp, cache = freshCache(), secret?: string): Run {
  const run: Run = { tokenCalls: [], waits: [], client: undefined as unknown as MachineClient }
  run.client = machineClient(t, cache, run, secret)
  return run
}

/** What the dashboard's overdue view lists: GET /requests?isOverdue=true, every page, less the closed (with a token minted for C001). */
async function overdueIdsFromTheApi(t: TestApp): Promise<string[]> {
  const token = await t.mintToken()
  const flagged = await listAll<{ id: string; status: string; isOverdue: boolean }>(t, token, 'isOverdue=true')
  expect(flagged.some((r) => !isOverdueAndOpen(r))).toBe(true)
  return flagged
    .filter((r) => isOverdueAndOpen(r))
    .map((r) => r.id)
    .sort()
}

/** The same set straight from the sandbox's table, for tests whose limits leave no room for the API calls above. */
function overdueIdsInTheDatabase(t: TestApp): string[] {
  const rows = t.sandbox.db.prepare("SELECT id, status FROM requests WHERE customer_id = 'C001' AND is_overdue = 1").all() as { id: string; status: string }[]
  return rows
    .filter((row) => isOverdueAndOpen({ ...row, isOverdue: true }))
    .map((row) => row.id)
    .sort()
}

describe('the overdue report against the sandbox (0019)', () => {
  let t: TestApp
  beforeAll(() => {
    // Enough requests for the overdue ones to need more than one page of 100.
    t = startTestApp({ SANDBOX_SEED_COUNT: '2000' })
  })
  afterAll(() => t.close())

  it('lists exactly the open requests GET /requests?isOverdue=true gives, reading every page', async () => {
    const expected = await overdueIdsFromTheApi(t)
    expect(expected.length).toBeGreaterThan(0)
    const progress: [number, number][] = []
    const report = await fetchOverdueRequests(newRun(t).client, { onProgress: (read, total) => progress.push([read, total]) })
    expect(report.requests.map((r) => r.id).sort()).toEqual(expected)
    expect(report.count).toBe(expected.length)
    expect(
      z
        .array(ZRequest)
        .parse(report.requests)
        .every((r) => r.isOverdue && r.customer.id === 'C001'),
    ).toBe(true)
    expect(report.unreadableCount).toBe(0)
    // Progress counts the rows read: every flagged one, the closed ones included, over more than one page.
    const flagged = (await listAll(t, await t.mintToken(), 'isOverdue=true')).length
    expect(flagged).toBeGreaterThan(100)
    expect(progress).toEqual([[100, flagged], ...(flagged > 200 ? [[200, flagged] as [number, number]] : []), [flagged, flagged]])
  })

  it('asks for one token over several runs within the hour, kept in a 0600 file, and a new one once it expires', async () => {
    const cache = freshCache()
    const run = newRun(t, cache)
    for (let i = 0; i < 3; i++) {
      const again = machineClient(t, cache, run)
      await fetchOverdueRequests(again)
      t.clock.advance(10 * 60_000)
    }
    expect(run.tokenCalls).toEqual([200])
    expect(statSync(cache.path).mode & 0o777).toBe(0o600)
    expect(statSync(join(cache.path, '..')).mode & 0o777).toBe(0o700)
    // 30 minutes later, the hour is over: one new token.
    t.clock.advance(30 * 60_000)
    await fetchOverdueRequests(machineClient(t, cache, run))
    expect(run.tokenCalls).toEqual([200, 200])
  })

  it('tolerates scope in the token answer and renews a token the API calls invalid (401 41), once', async () => {
    const cache = freshCache()
    const run = newRun(t, cache)
    await fetchOverdueRequests(run.client)
    const cached = cache.read(TokenCache.keyOf(`${ORIGIN}${TOKEN_PATH}`, SANDBOX_CLIENT_ID))!
    expect(cached.scope).toBe('b2b:ordering')
    await t.control('tokens/revoke', { token: cached.accessToken })
    const report = await fetchOverdueRequests(machineClient(t, cache, run))
    expect(report.count).toBeGreaterThan(0)
    expect(run.tokenCalls).toEqual([200, 200])
  })

  it('stops with a clear message and exit code 2 on 403 code 50 (subscription suspended)', async () => {
    const cache = freshCache()
    await fetchOverdueRequests(newRun(t, cache).client)
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: false })
    try {
      const failure = await fetchOverdueRequests(newRun(t, cache).client).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ReportError)
      expect((failure as ReportError).exitCode).toBe(2)
      expect((failure as ReportError).message).toMatch(/^Access denied by the ordering API, 403 \(code 50, .*subscription/)
    } finally {
      await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: true })
    }
  })

  it('stops with a clear message and exit code 2 on 401 invalid_client, without retrying', async () => {
    const run = newRun(t, freshCache(), 'not-the-secret-0123456789')
    const failure = await fetchOverdueRequests(run.client).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ReportError)
    expect((failure as ReportError).exitCode).toBe(2)
    expect((failure as ReportError).message).toMatch(/refused the client credentials \(401 invalid_client: Client authentication failed\.\)/)
    expect(run.tokenCalls).toEqual([401])
    expect(run.waits).toEqual([])
  })

  it('gives up after a bounded number of tries when the API stays unavailable (503 code 5), exit code 3', async () => {
    const run = newRun(t)
    await run.client.accessToken()
    await t.control('maintenance', { enabled: true })
    try {
      const failure = await fetchOverdueRequests(run.client).catch((error: unknown) => error)
      expect((failure as ReportError).exitCode).toBe(3)
      expect((failure as ReportError).message).toMatch(/^Still refused after 6 tries: GET .* answered 503 \(code 5/)
      expect(run.waits).toHaveLength(BACKOFF.maxAttempts - 1)
      expect(run.waits.every((ms) => ms <= BACKOFF.maxWaitMs)).toBe(true)
    } finally {
      await t.control('maintenance', { enabled: false })
    }
  })
})

describe('backing off through the sandbox’s real limits', () => {
  let t: TestApp
  afterEach(() => t.close())

  it('waits out a 429 of the token endpoint (SANDBOX_TOKEN_REQUESTS_PER_MINUTE=1) for its Retry-After, then gets the token', async () => {
    t = startTestApp({ SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '1' })
    // Another client of the same application spent this minute's token request.
    expect((await tokenRequest(t)).status).toBe(200)
    const run = newRun(t)
    const report = await fetchOverdueRequests(run.client)
    expect(run.tokenCalls).toEqual([429, 200])
    expect(run.waits).toHaveLength(1)
    expect(run.waits[0]).toBeGreaterThanOrEqual(60_000)
    expect(report.requests.map((r) => r.id).sort()).toEqual(overdueIdsInTheDatabase(t))
  })

  it('waits out the spike arrest (403 code 53, SANDBOX_SPIKE_ARREST_PER_SECOND=1) between pages and still reads every page', async () => {
    t = startTestApp({ SANDBOX_SEED_COUNT: '2000', SANDBOX_SPIKE_ARREST_PER_SECOND: '1' })
    const run = newRun(t)
    const report = await fetchOverdueRequests(run.client)
    expect(run.waits.length).toBeGreaterThanOrEqual(1)
    expect(run.waits.every((ms) => ms >= 1000)).toBe(true)
    expect(report.requests.map((r) => r.id).sort()).toEqual(overdueIdsInTheDatabase(t))
  })
})

describe('backoffDelay', () => {
  it('follows Retry-After, else grows exponentially with jitter, and is bounded', () => {
    expect(backoffDelay(0, '3', () => 0)).toBe(3000)
    expect(backoffDelay(0, null, () => 0)).toBe(500)
    expect(backoffDelay(0, null, () => 0.999)).toBeLessThan(1000)
    expect(backoffDelay(3, null, () => 0)).toBe(4000)
    expect(backoffDelay(20, null, () => 1)).toBe(BACKOFF.maxWaitMs)
    expect(backoffDelay(0, '600', () => 0)).toBe(BACKOFF.maxWaitMs)
  })
})

describe('the report’s output and arguments', () => {
  const request = ZRequest.parse({
    id: 'REQ1',
    name: 'Site, "north"',
    customerReference: '=cmd',
    category: 'creation',
    status: 'IN_PROGRESS',
    step: 'DELIVERY',
    subStep: 'PLANNING',
    isOverdue: true,
    isArchived: false,
    priority: '',
    customer: { id: 'C001', name: 'Acme' },
    keyDates: { requestedAt: '2026-01-02' },
    type: 'INTERNET_ACCESS',
    contract: 'ACM-000101',
    properties: {},
    attachments: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    rejectionReasons: [],
  })

  it('writes CSV (quoted, formula-safe) and JSON', () => {
    const report = { generatedAt: '2026-05-04T10:00:00.000Z', count: 1, unreadableCount: 0, requests: [request] }
    expect(renderReport(report, 'csv').split('\r\n')[1]).toBe(
      'REQ1,"Site, ""north""",\'=cmd,INTERNET_ACCESS,creation,IN_PROGRESS,DELIVERY,PLANNING,ACM-000101,2026-01-02,false,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z',
    )
    expect(z.object({ count: z.literal(1), requests: z.array(ZRequest) }).parse(JSON.parse(renderReport(report, 'json'))).requests[0]!.id).toBe('REQ1')
  })

  it('parses --format and --out, refusing anything else with a message', () => {
    expect(parseReportArgs([])).toEqual({ format: 'csv', out: null })
    expect(parseReportArgs(['--format', 'json', '--out', 'x.json'])).toEqual({ format: 'json', out: 'x.json' })
    expect(parseReportArgs(['--out', '-'])).toEqual({ format: 'csv', out: null })
    expect(parseReportArgs(['--format', 'xml'])).toBe('--format must be csv or json, not "xml".')
    expect(parseReportArgs(['--outfile', 'x'])).toMatch(/Unknown option '--outfile'/)
  })

  it('draws a progress bar', () => {
    expect(progressLine(50, 200, 10)).toBe('[###.......] 50/200 overdue requests')
    expect(progressLine(0, 0, 4)).toBe('[####] 0/0 overdue requests')
  })
})

describe('against a real operator (a stubbed one)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('uses the gateway’s variables: {OIDC_BASE_URL}/oauth/v3/token with OIDC_CLIENT_ID/SECRET, ORDERING_API_KEY, ORDERING_UPSTREAM', async () => {
    const seen: Request[] = []
    const overdue = ZRequest.parse({
      id: 'REQ9',
      name: 'Site',
      category: 'creation',
      status: 'IN_PROGRESS',
      step: 'DELIVERY',
      subStep: 'PLANNING',
      isOverdue: true,
      isArchived: false,
      priority: '',
      customer: { id: 'X1', name: 'X' },
      keyDates: { requestedAt: '2026-01-02' },
      type: 'INTERNET_ACCESS',
      contract: 'X-1',
      properties: {},
      attachments: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      rejectionReasons: [],
    })
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request)
      if (request.url === `${OPERATOR_AUTH}/oauth/v3/token`) {
        // expires_in as a string and a scope: both seen in reference 2's samples.
        return jsonResponse(200, { access_token: 'operator-token', token_type: 'Bearer', expires_in: '3600', scope: 'b2b:ordering' })
      }
      return jsonResponse(200, [overdue], { 'X-Total-Count': '1' })
    })
    let stdout = ''
    const code = await runReportCli(
      ['--format', 'json'],
      { ...OPERATOR_ENV, REPORT_TOKEN_CACHE: join(folder, 'operator', 'token.json') },
      {
        stdout: { write: (text: string) => ((stdout += text), true) },
        stderr: { write: () => true, isTTY: false },
      },
    )
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ count: 1, requests: [{ id: 'REQ9' }] })
    const [token, page] = seen
    expect(token!.headers.get('Authorization')).toBe(
      `Basic ${Buffer.from(`${OPERATOR_ENV.OIDC_CLIENT_ID}:${OPERATOR_ENV.OIDC_CLIENT_SECRET}`).toString('base64')}`,
    )
    expect(token!.headers.get('Accept')).toBe('application/json')
    expect(page!.url).toBe(`${OPERATOR_API}/requests?isOverdue=true&sort=id&limit=100&offset=0`)
    expect(page!.headers.get('x-api-key')).toBe(OPERATOR_ENV.ORDERING_API_KEY)
    expect(page!.headers.get('Authorization')).toBe('Bearer operator-token')
    expect(stdout).not.toContain('operator-token')
  })
})

/** A request as another operator lists it: a status beyond the four named, no `contract` (not shown), an offset timestamp, an extra field. */
function operatorRequest(n: number): Record<string, unknown> {
  return {
    id: `OP${String(n).padStart(4, '0')}`,
    name: `Site ${n}`,
    category: 'creation',
    status: 'ON_HOLD',
    step: 'DELIVERY',
    subStep: 'SURVEY',
    isOverdue: true,
    isArchived: false,
    customer: { id: 'X1', name: 'X' },
    keyDates: { requestedAt: '2026-01-02' },
    type: 'INTERNET_ACCESS',
    createdAt: '2026-01-01T09:00:00+01:00',
    updatedAt: '2026-01-01T09:00:00+01:00',
    region: 'north',
  }
}

/**
 * An operator of `profile`'s dialect behind the stubbed global fetch: it answers GET /requests only with the key in
 * the query, `sort=id:asc` and a limit up to 50 (400 otherwise, as such an operator would), and records every page call.
 */
function stubOperator(requests: unknown[], pageCalls: Request[]): void {
  vi.stubGlobal('fetch', async (request: Request) => {
    if (request.url === `${OPERATOR_AUTH}/oauth/v3/token`) {
      return jsonResponse(200, { access_token: 'operator-token', token_type: 'Bearer', expires_in: 3600 })
    }
    pageCalls.push(request)
    const query = new URL(request.url).searchParams
    if (query.get('x-api-key') !== OPERATOR_ENV.ORDERING_API_KEY) return jsonResponse(401, { code: 41, message: 'Invalid credentials' })
    const limit = Number(query.get('limit'))
    if (query.get('sort') !== 'id:asc' || !(limit >= 1 && limit <= 50)) return jsonResponse(400, { code: 22, message: 'Invalid query' })
    const offset = Number(query.get('offset'))
    return jsonResponse(200, requests.slice(offset, offset + limit), { 'X-Total-Count': String(requests.length) })
  })
}

describe('against an operator of another dialect (its profile, 0027)', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** Runs the CLI against the stubbed operator with a profile of `field:desc` sorts, the key in the query and pages of 50 at most. */
  async function runAgainstOperator(format: 'csv' | 'json', name: string) {
    const profile = join(folder, `${name}-profile.json`)
    writeFileSync(profile, JSON.stringify({ sort: 'field:desc', apiKey: 'query', pageSizeMax: 50 }))
    let stdout = ''
    let stderr = ''
    const code = await runReportCli(
      ['--format', format],
      { ...OPERATOR_ENV, OPERATOR_PROFILE: profile, REPORT_TOKEN_CACHE: join(folder, name, 'token.json') },
      {
        stdout: { write: (text: string) => ((stdout += text), true) },
        stderr: { write: (text: string) => ((stderr += text), true), isTTY: false },
      },
    )
    return { code, stdout, stderr }
  }

  it('sends its sort style, its page size and the key in the query, and reads every page', async () => {
    const requests = Array.from({ length: 120 }, (_, i) => operatorRequest(i + 1))
    const pageCalls: Request[] = []
    stubOperator(requests, pageCalls)
    const { code, stdout, stderr } = await runAgainstOperator('json', 'dialect')
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(pageCalls.map((call) => decodeURIComponent(call.url))).toEqual(
      [0, 50, 100].map((offset) => `${OPERATOR_API}/requests?isOverdue=true&sort=id:asc&limit=50&offset=${offset}&x-api-key=${OPERATOR_ENV.ORDERING_API_KEY}`),
    )
    expect(pageCalls.every((call) => call.headers.get('x-api-key') === null)).toBe(true)
    const report = JSON.parse(stdout) as { count: number; unreadableCount: number; requests: Record<string, unknown>[] }
    expect(report.count).toBe(120)
    expect(report.unreadableCount).toBe(0)
    expect(report.requests.map((r) => r.id)).toEqual(requests.map((r) => r.id))
    // Read as sent: the status beyond the four named, and the field the reference does not list.
    expect(report.requests[0]).toMatchObject({ status: 'ON_HOLD', region: 'north' })
  })

  it('keeps a row it cannot read by its id, says so on stderr, and still fails on a page that is not a list', async () => {
    const unreadable = { ...operatorRequest(2), name: 'Depot', isArchived: 'no' }
    const requests = [operatorRequest(1), unreadable, { name: 'No id at all' }, operatorRequest(3)]
    stubOperator(requests, [])
    const { code, stdout, stderr } = await runAgainstOperator('csv', 'unreadable')
    expect(code).toBe(0)
    const lines = stdout.trim().split('\r\n')
    expect(lines).toHaveLength(1 + 3)
    expect(lines[1]).toBe(
      'OP0001,Site 1,,INTERNET_ACCESS,creation,ON_HOLD,DELIVERY,SURVEY,,2026-01-02,false,2026-01-01T09:00:00+01:00,2026-01-01T09:00:00+01:00',
    )
    expect(lines[2]).toBe('OP0002,Depot,,,,,,,,,,,')
    expect(lines[3]).toMatch(/^OP0003,Site 3,/)
    expect(stderr).toMatch(
      /^2 overdue requests could not be read in full \(1 listed by their id only, 1 left out, having no id\); the first, OP0002: isArchived: .+\.\n$/,
    )

    vi.stubGlobal('fetch', async (request: Request) =>
      request.url.startsWith(OPERATOR_AUTH)
        ? jsonResponse(200, { access_token: 'operator-token', token_type: 'Bearer', expires_in: 3600 })
        : jsonResponse(200, { items: requests }, { 'X-Total-Count': '4' }),
    )
    const notAList = await runAgainstOperator('csv', 'not-a-list')
    expect(notAList.code).toBe(3)
    expect(notAList.stderr).toMatch(/^GET \/requests answered 200 with a body or X-Total-Count header that is not the API's\./)
  })
})

describe('runReportCli', () => {
  it('exits with 2 and says what to check when the token endpoint refuses the client (401 invalid_client)', async () => {
    let stderr = ''
    const code = await runReportCli(
      [],
      {
        SANDBOX_DB_PATH: ':memory:',
        SANDBOX_SEED_COUNT: '50',
        REPORT_CLIENT_SECRET: 'not-the-secret-0123456789',
        REPORT_TOKEN_CACHE: join(folder, 'refused', 'token.json'),
      },
      { stdout: { write: () => true }, stderr: { write: (text: string) => ((stderr += text), true), isTTY: false } },
    )
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /^The token endpoint refused the client credentials \(401 invalid_client: Client authentication failed\.\)\. Check the client id and secret/,
    )
  })

  it('exits with 4 and a sentence naming the quota when the application’s quota is spent, without waiting (0032)', async () => {
    let stderr = ''
    const code = await runReportCli(
      [],
      {
        SANDBOX_DB_PATH: ':memory:',
        SANDBOX_SEED_COUNT: '50',
        SANDBOX_QUOTA: '{"window":"fixed","limit":0,"period":"month"}',
        REPORT_TOKEN_CACHE: join(folder, 'quota', 'token.json'),
      },
      { stdout: { write: () => true }, stderr: { write: (text: string) => ((stderr += text), true), isTTY: false } },
    )
    expect(code).toBe(4)
    expect(stderr).toMatch(
      /^The application's quota for the ordering API is used up: GET \/requests answered 403 \(code 53, Too many requests: Global quota limit of 0 calls per month .*\) \[request id [0-9a-f-]+\]\. Nothing was retried\. It frees at \d{4}-\d\d-01T00:00:00Z \(Retry-After \d+ s\): run the report again then\.\n$/,
    )
    expect(stderr).not.toMatch(/Waiting/)
  })

  it('exits with 4 for a rolling quota, which frees gradually; a 403 code 53 it cannot read is tried twice, then shown (exit 3)', async () => {
    const client = (description: string) => {
      const calls: string[] = []
      const machine = new MachineClient({
        apiBaseUrl: 'https://operator.example/v3',
        apiKey: 'key',
        tokenUrl: 'https://operator.example/token',
        clientId: 'id',
        clientSecret: 'secret-0123456789abcdef',
        cache: freshCache(),
        fetch: async (request) => {
          calls.push(request.url)
          if (request.url.endsWith('/token')) return jsonResponse(200, { access_token: 'a', token_type: 'Bearer', expires_in: 3600 })
          return jsonResponse(403, { code: 53, message: 'Too many requests', description })
        },
        sleep: async () => undefined,
        random: () => 0.5,
      })
      return { machine, calls }
    }
    const rolling = client('Limite globale de QUOTA atteinte.')
    const failure = (await rolling.machine.get('/requests').catch((error: unknown) => error)) as ReportError
    expect(failure.exitCode).toBe(4)
    expect(failure.message).toMatch(/quota for the ordering API is used up.*It frees gradually/)
    expect(rolling.calls.filter((url) => url.endsWith('/requests'))).toHaveLength(1)

    const unknown = client('Slow down')
    const shown = (await unknown.machine.get('/requests').catch((error: unknown) => error)) as ReportError
    expect(shown.exitCode).toBe(3)
    expect(shown.message).toBe('GET /requests failed: 403 (code 53, Too many requests: Slow down).')
    expect(unknown.calls.filter((url) => url.endsWith('/requests'))).toHaveLength(2)
  })

  it('exits with 1 naming the variable when the configuration is wrong', async () => {
    let stderr = ''
    const code = await runReportCli(
      [],
      { ORDERING_UPSTREAM: 'https://operator.example/v3' },
      {
        stdout: { write: () => true },
        stderr: { write: (text: string) => ((stderr += text), true), isTTY: false },
      },
    )
    expect(code).toBe(1)
    expect(stderr).toContain('- ORDERING_API_KEY: is required when ORDERING_UPSTREAM points at a real operator')
  })
})

describe('npm run report:overdue', () => {
  it('works on a fresh sandbox database, twice with one token, and refuses a bad --format with exit code 1', async () => {
    const run = promisify(execFile)
    const env = {
      ...process.env,
      SANDBOX_DB_PATH: join(folder, 'cli.db'),
      SANDBOX_SEED_COUNT: '300',
      REPORT_TOKEN_CACHE: join(folder, 'cli-token.json'),
    }
    const script = ['--import', 'tsx', 'server/report/overdue-report-cli.ts']
    const out = join(folder, 'cli.json')
    await run(process.execPath, [...script, '--format', 'json', '--out', out], { env })
    // Few requests of a small sandbox are overdue and open (the report's set is checked above): the CSV has as many rows.
    const report = z.object({ count: z.number(), requests: z.array(ZRequest) }).parse(JSON.parse(readFileSync(out, 'utf8')))
    expect(report.count).toBe(report.requests.length)
    const token = readFileSync(env.REPORT_TOKEN_CACHE, 'utf8')
    const csv = await run(process.execPath, script, { env })
    expect(csv.stdout.split('\r\n')[0]).toBe('id,name,customerReference,type,category,status,step,subStep,contract,requestedAt,isArchived,createdAt,updatedAt')
    expect(csv.stdout.trim().split('\r\n')).toHaveLength(report.count + 1)
    // Nothing on stderr when it is not a terminal (cron mails stay empty), and the cached token was reused as it was.
    expect(csv.stderr).toBe('')
    expect(readFileSync(env.REPORT_TOKEN_CACHE, 'utf8')).toBe(token)
    const bad = await run(process.execPath, [...script, '--format', 'xml'], { env }).catch((error: { code: number; stderr: string }) => error)
    expect(bad).toMatchObject({ code: 1 })
    expect((bad as { stderr: string }).stderr).toMatch(/^--format must be csv or json, not "xml"\./)
  }, 60_000)
})
