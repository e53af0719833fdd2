/**
 * The sandbox under load, over 100,000 seeded requests: `npm run bench`.
 *
 * Seeds a fresh database (or reuses --db), starts the real server as a child process on 127.0.0.1,
 * gets one access token, then runs each scenario with autocannon (10 connections, 10 seconds by
 * default) and prints requests/s, p50 and p99 latency, non-2xx answers and the budget verdicts. The
 * results also go to bench/results/latest.json. Only 127.0.0.1 is ever contacted.
 *
 * Exit code: 0 when every scenario ran with only 2xx answers, whatever the verdicts; 1 when a scenario
 * had errors or the run could not be completed; 2 for bad arguments.
 */
import { BROWSER_BUDGETS, browserAvailable, gatewaySessionCookie, measureListInBrowser, type BrowserFigures } from './browser'
import { measureNetwork, networkReport, type NetworkFigures } from './network'
import { stackFloorBytes } from './stack-floor'
import autocannon, { type Result } from 'autocannon'
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { seedDatabase } from '../server/sandbox/seed-cli'
import { benchGatewayInstances } from './gateway-instances'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RESULTS_FILE = join(ROOT, 'bench', 'results', 'latest.json')
const HOST = '127.0.0.1'
const SANDBOX_API = '/sandbox/ordering/v3'
const GATEWAY_API = '/api/ordering/v3'
const CLIENT_ID = 'ordering-console-sandbox'
const CLIENT_SECRET = 'sandbox-client-secret-0123456789abcdef'
const API_KEY = 'sandbox-api-key'
const PAGE_QUERY = '/requests?status=IN_PROGRESS&sort=-createdAt&limit=20'
const BUDGETS = { pageRps: 1500, pageP99Ms: 20, aggregateP50Ms: 20 }
const USAGE =
  'Usage: npm run bench -- [--duration <seconds, default 10>] [--connections <N, default 10>] [--db <seeded database to reuse or create>]\n' +
  '                        [--count <requests to seed, default 100000>] [--warmup <requests per scenario before measuring, default 200>]'

// --- Arguments -----------------------------------------------------------------------------------

interface BenchOptions {
  duration: number
  connections: number
  count: number
  warmup: number
  db: string | undefined
}

function parseOptions(argv: string[]): BenchOptions {
  const fail = (message: string): never => {
    console.error(`${message}\n${USAGE}`)
    process.exit(2)
  }
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        count: { type: 'string', default: '100000' },
        warmup: { type: 'string', default: '200' },
        db: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (error) {
    return fail((error as Error).message)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const integer = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw)
    if (!/^[0-9]+$/.test(raw) || value < min || value > max) fail(`--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw)}.`)
    return value
  }
  return {
    duration: integer('duration', values.duration, 1, 60),
    connections: integer('connections', values.connections, 1, 1000),
    count: integer('count', values.count, 1, 10_000_000),
    warmup: integer('warmup', values.warmup, 0, 100_000),
    db: values.db,
  }
}

// --- The server under test -----------------------------------------------------------------------

/** A free TCP port on 127.0.0.1 (the OS picks it; closed again before the server takes it). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, HOST, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolvePort(port) : reject(new Error('Could not find a free port.'))))
    })
  })
}

/** The last few kilobytes the server printed, to show when something goes wrong. */
class OutputTail {
  private text = ''
  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString('utf8')).slice(-8000)
  }
  toString(): string {
    return this.text.trim()
      ? this.text
          .trimEnd()
          .split('\n')
          .map((line) => `  | ${line}`)
          .join('\n')
      : '  (no output)'
  }
}

interface Server {
  child: ChildProcess
  origin: string
  output: OutputTail
}

/** Environment variables the server reads (server/config.ts); the user's own are dropped so the run is reproducible. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'ORDERING_UPSTREAM',
  'ORDERING_API_KEY',
  'SANDBOX_DB_PATH',
  'SANDBOX_SEED_COUNT',
  'SANDBOX_SEED',
  'SANDBOX_SPIKE_ARREST_PER_SECOND',
  'SANDBOX_TOKEN_REQUESTS_PER_MINUTE',
  'SANDBOX_CLIENT_ID',
  'SANDBOX_CLIENT_SECRET',
  'SANDBOX_API_KEY',
  'SANDBOX_CONTROL',
  'SERVE_SPA',
  'SPA_DIST',
  'SANDBOX_CONTROL_SECRET',
  'ALLOWED_HOSTS',
  'LOG_REQUESTS',
]

/** The sandbox control secret of the bench's server (docs/decisions/0009-sandbox-controls.md). */
const CONTROL_SECRET = randomBytes(24).toString('base64url')

function cleanEnv(): Record<string, string | undefined> {
  const env = { ...process.env }
  for (const name of SERVER_VARIABLES) delete env[name]
  return env
}

async function startServer(dbPath: string): Promise<Server> {
  const port = await freePort()
  const env = {
    ...cleanEnv(),
    PORT: String(port),
    HOST,
    ORDERING_UPSTREAM: 'sandbox',
    // The built SPA is served when there is one, for the browser measurements.
    SERVE_SPA: existsSync(join(ROOT, 'dist', 'index.html')) ? 'on' : 'off',
    SANDBOX_DB_PATH: dbPath,
    SANDBOX_SPIKE_ARREST_PER_SECOND: '0',
    SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '0',
    SANDBOX_CONTROL_SECRET: CONTROL_SECRET,
    // A line per request would be most of the bench's output, and its cost part of what it measures.
    LOG_REQUESTS: 'off',
  }
  guardChild()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const output = new OutputTail()
  child.stdout!.on('data', (chunk: Buffer) => output.add(chunk))
  child.stderr!.on('data', (chunk: Buffer) => output.add(chunk))
  const server = { child, origin: `http://${HOST}:${port}`, output }
  running = server
  await waitForHealth(server, 30_000)
  return server
}

async function waitForHealth(server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode ?? server.child.signalCode}) before answering /healthz:\n${server.output}`)
    }
    try {
      const response = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(1000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs / 1000} s:\n${server.output}`)
}

let running: Server | null = null
/** The temp directory of a fresh database, removed on exit whatever the way out. */
let tempDirToRemove: string | null = null
process.on('exit', () => {
  if (tempDirToRemove) rmSync(tempDirToRemove, { recursive: true, force: true })
})

/** Stops the server: SIGTERM (it closes the database), then SIGKILL if it has not exited within 5 s. */
async function stopServer(): Promise<void> {
  const server = running
  running = null
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise<void>((done) => server.child.once('exit', () => done()))
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/**
 * Whatever happens (an exception, Ctrl-C, the watchdog), the child does not outlive the bench. Installed
 * once the server starts, so that Ctrl-C during the (synchronous) seeding still stops the process at once.
 */
function guardChild(): void {
  process.once('exit', () => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server.`)
      void stopServer().finally(() => process.exit(130))
    })
  }
}

// --- Scenarios -----------------------------------------------------------------------------------

interface Scenario {
  key: 'a' | 'b' | 'c' | 'd' | 'e'
  name: string
  method: 'GET' | 'POST'
  /** Path and query of the first request, for the report. */
  path: string
  headers: Record<string, string>
  body?: string
  /** Several paths, taken in turn by each connection (scenario c). */
  paths?: string[]
}

function utcDatePlusDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00.000Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  const text = await response.text()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON; `text` is reported
  }
  return { status: response.status, body, text }
}

async function accessToken(origin: string): Promise<string> {
  const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')
  const { status, body, text } = await getJson(`${origin}/sandbox/oauth/v3/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  })
  const token = (body as { access_token?: unknown } | null)?.access_token
  if (status !== 200 || typeof token !== 'string') throw new Error(`POST /sandbox/oauth/v3/token answered ${status}: ${text.slice(0, 500)}`)
  return token
}

async function buildScenarios(origin: string, token: string, gatewayCookie: string | null): Promise<Scenario[]> {
  const sandboxHeaders = { Authorization: `Bearer ${token}`, 'x-api-key': API_KEY }

  // (c) needs ids of customer C001 (the default application's customer): a page of the newest 100.
  const list = await getJson(`${origin}${SANDBOX_API}/requests?limit=100`, { headers: sandboxHeaders })
  const listed = Array.isArray(list.body) ? (list.body as { id?: unknown; customer?: { id?: unknown } }[]) : []
  const ids = listed.filter((r) => r.customer?.id === 'C001' && typeof r.id === 'string').map((r) => r.id as string)
  if (list.status !== 200 || ids.length === 0) {
    throw new Error(`GET ${SANDBOX_API}/requests?limit=100 gave no request of C001 (${list.status}): ${list.text.slice(0, 500)}`)
  }

  // (d) requestedAt is today + 10 days by the sandbox's clock (which a reused database may have moved on).
  const clock = await getJson(`${origin}/sandbox/control/clock`, { headers: { 'X-Sandbox-Control-Secret': CONTROL_SECRET } }).catch(() => null)
  const sandboxToday = (clock?.body as { today?: unknown } | null)?.today
  const today = typeof sandboxToday === 'string' ? sandboxToday : new Date().toISOString().slice(0, 10)
  const createBody = JSON.stringify({
    type: 'INTERNET_ACCESS',
    requestedAt: utcDatePlusDays(today, 10),
    contract: 'ACM-000101',
    attachments: [],
    properties: {
      location: { address: { street: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' } },
      contacts: { primary: { firstName: 'Bench', lastName: 'Runner', email: 'bench.runner@acm.example' } },
      billingAccount: { code: 'BAACM1001' },
      options: { bandwidthMbps: 100 },
    },
  })

  const idPaths = ids.map((id) => `${SANDBOX_API}/requests/${id}`)
  return [
    { key: 'a', name: 'page of 20, IN_PROGRESS, -createdAt', method: 'GET', path: `${SANDBOX_API}${PAGE_QUERY}`, headers: sandboxHeaders },
    { key: 'b', name: 'aggregate groupBy=status', method: 'GET', path: `${SANDBOX_API}/requests/aggregate?groupBy=status`, headers: sandboxHeaders },
    {
      key: 'c',
      name: `one request by id (${ids.length} ids of C001)`,
      method: 'GET',
      path: `${SANDBOX_API}/requests/{id}`,
      paths: idPaths,
      headers: sandboxHeaders,
    },
    {
      key: 'd',
      name: 'create INTERNET_ACCESS',
      method: 'POST',
      path: `${SANDBOX_API}/requests`,
      headers: { ...sandboxHeaders, 'Content-Type': 'application/json' },
      body: createBody,
    },
    ...(gatewayCookie
      ? [
          {
            key: 'e' as const,
            name: 'page (a) through the gateway',
            method: 'GET' as const,
            path: `${GATEWAY_API}${PAGE_QUERY}`,
            headers: { Cookie: gatewayCookie },
          },
        ]
      : []),
  ]
}

/** One request as the load will send it: a scenario that fails here is not worth ten seconds of load. */
async function checkOnce(origin: string, scenario: Scenario): Promise<void> {
  const path = scenario.paths?.[0] ?? scenario.path
  const { status, text } = await getJson(`${origin}${path}`, { method: scenario.method, headers: scenario.headers, body: scenario.body })
  if (status < 200 || status > 299) throw new Error(`(${scenario.key}) ${scenario.method} ${path} answered ${status}: ${text.slice(0, 800)}`)
}

async function load(origin: string, scenario: Scenario, options: BenchOptions): Promise<Result> {
  const instance = autocannon({
    url: `${origin}${scenario.paths?.[0] ?? scenario.path}`,
    connections: options.connections,
    duration: options.duration,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    ...(scenario.paths ? { requests: scenario.paths.map((path) => ({ method: scenario.method, path })) } : {}),
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, amount: options.warmup } } : {}),
    timeout: 10,
    title: scenario.key,
  })
  return await instance
}

// --- Report --------------------------------------------------------------------------------------

interface Measured {
  key: Scenario['key']
  name: string
  method: string
  path: string
  requestsPerSecond: number
  requestsTotal: number
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number }
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  verdict: string
  withinBudget: boolean | null
}

const nonOk = (m: Measured) => `${m.non2xx}${m.errors ? ` (+${m.errors} errors)` : ''}`
const whole = (n: number) => Math.round(n).toLocaleString('en')
const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2))

function verdictOf(key: Scenario['key'], result: Result): { verdict: string; withinBudget: boolean | null } {
  if (key === 'a') {
    const rps = result.requests.average
    const p99 = result.latency.p99
    const rpsOk = rps >= BUDGETS.pageRps
    const p99Ok = p99 < BUDGETS.pageP99Ms
    const parts = [
      rpsOk
        ? `${whole(rps)} req/s >= ${whole(BUDGETS.pageRps)}`
        : `${whole(rps)} req/s is ${whole(BUDGETS.pageRps - rps)} (${(100 * (1 - rps / BUDGETS.pageRps)).toFixed(0)}%) under ${whole(BUDGETS.pageRps)}`,
      p99Ok ? `p99 ${ms(p99)} < ${BUDGETS.pageP99Ms} ms` : `p99 ${ms(p99)} ms is ${ms(p99 - BUDGETS.pageP99Ms)} ms over < ${BUDGETS.pageP99Ms} ms`,
    ]
    return { verdict: `${rpsOk && p99Ok ? 'PASS' : 'MISS'}: ${parts.join('; ')}`, withinBudget: rpsOk && p99Ok }
  }
  if (key === 'b') {
    const p50 = result.latency.p50
    const ok = p50 < BUDGETS.aggregateP50Ms
    return {
      verdict: ok
        ? `PASS: p50 ${ms(p50)} < ${BUDGETS.aggregateP50Ms} ms`
        : `MISS: p50 ${ms(p50)} ms is ${ms(p50 - BUDGETS.aggregateP50Ms)} ms over < ${BUDGETS.aggregateP50Ms} ms`,
      withinBudget: ok,
    }
  }
  return { verdict: '(no budget)', withinBudget: null }
}

function measured(scenario: Scenario, result: Result): Measured {
  return {
    key: scenario.key,
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)])),
    ...verdictOf(scenario.key, result),
  }
}

/** A scenario with failed answers has no valid verdict: say so in front of it. */
function flagErrors(m: Measured): Measured {
  if (m.non2xx === 0 && m.errors === 0 && m.timeouts === 0) return m
  return { ...m, verdict: `ERRORS, not valid (${m.verdict})`, withinBudget: m.withinBudget === null ? null : false }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd()
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}

interface SpaSize {
  entry: string
  rawBytes: number
  gzipBytes: number
  allJsGzipBytes: number
  jsFiles: number
  /** Every JS file with its gzip size, so that a route's own chunks (dashboard, charts) can be read off. */
  chunks: { file: string; gzipBytes: number }[]
  /** The dashboard's charts (`charts-*.js`), loaded only by the pages that draw them; null when absent. */
  chartChunk: { file: string; gzipBytes: number } | null
}

/** The built SPA's entry chunk (the script index.html loads), gzipped; null when dist/ is absent. */
function spaEntrySize(): SpaSize | null | string {
  const dist = join(ROOT, 'dist')
  const assets = join(dist, 'assets')
  if (!existsSync(assets)) return null
  const jsFiles = readdirSync(assets).filter((name) => name.endsWith('.js'))
  if (jsFiles.length === 0) return 'dist/assets/ holds no .js file'
  const html = existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : ''
  // index.html may load Rolldown's runtime as a script of its own before the entry: the entry is the `index-` one.
  const fromHtml = [...html.matchAll(/<script[^>]*type="module"[^>]*src="[^"]*\/assets\/([^"/]+\.js)"/g)]
    .map((match) => match[1]!)
    .filter((name) => jsFiles.includes(name))
  const entry = fromHtml.find((name) => name.startsWith('index-')) ?? fromHtml[0] ?? jsFiles.find((name) => name.startsWith('index-')) ?? jsFiles[0]!
  const gzip = (name: string) => gzipSync(readFileSync(join(assets, name))).length
  return {
    entry: `dist/assets/${entry}`,
    rawBytes: readFileSync(join(assets, entry)).length,
    gzipBytes: gzip(entry),
    allJsGzipBytes: jsFiles.reduce((sum, name) => sum + gzip(name), 0),
    jsFiles: jsFiles.length,
    chunks: jsFiles.map((file) => ({ file, gzipBytes: gzip(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes),
    chartChunk: ((file) => (file ? { file: `dist/assets/${file}`, gzipBytes: gzip(file) } : null))(jsFiles.find((name) => name.startsWith('charts-'))),
  }
}

function gitState(): { commit: string | null; modified: string[] } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const commit = git('rev-parse', 'HEAD').trim()
    const modified = git('status', '--porcelain').split('\n').filter(Boolean)
    return { commit, modified }
  } catch {
    return { commit: null, modified: [] }
  }
}

// --- Main ----------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2))
  const startedAt = new Date()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

  // 1. The database: a fresh one in a temp directory, or --db (seeded there first when it does not exist).
  const reuse = options.db !== undefined && existsSync(options.db)
  const tempDir = options.db === undefined ? mkdtempSync(join(tmpdir(), 'ordering-bench-')) : null
  tempDirToRemove = tempDir
  const dbPath = tempDir ? join(tempDir, 'bench.db') : resolve(options.db!)
  let seeding: { rows: number; seconds: number; seed: number } | null = null
  const measurements: Measured[] = []
  let watchdog: NodeJS.Timeout | undefined
  let browser: BrowserFigures | null = null
  let browserSkipped: string | null
  let network: NetworkFigures | null = null
  try {
    if (reuse) {
      console.log(`Reusing ${relative(ROOT, dbPath) || dbPath} (not reseeded; earlier runs' POSTs are in it).`)
    } else {
      console.log(`Seeding ${whole(options.count)} requests into ${dbPath}…`)
      const result = seedDatabase({ dbPath, count: options.count, env: cleanEnv() })
      seeding = { rows: result.rows, seconds: result.elapsedMs / 1000, seed: result.seed }
      console.log(`Seeded ${whole(result.rows)} requests in ${seeding.seconds.toFixed(1)} s (seed ${result.seed}).`)
    }

    // Bounded from here on: the seeding above is synchronous, everything after it is watched.
    // The network section (cold loads on slow profiles, Lighthouse) takes a few minutes of its own.
    const budgetMs = 5 * (options.duration + 8) * 1000 + 105_000 + 600_000
    watchdog = setTimeout(() => {
      console.error(`\nThe run took longer than ${budgetMs / 1000} s after seeding; stopping.`)
      void stopServer().finally(() => process.exit(1))
    }, budgetMs)

    // 2. The real server, as `npm start` runs it but without the SPA.
    const server = await startServer(dbPath)
    console.log(`Server up on ${server.origin} (pid ${server.child.pid}), spike arrest and token limit off.`)

    // 3. One token, then the scenarios; the POSTs last so that reads see the seeded data only.
    const token = await accessToken(server.origin)
    // The gateway scenario needs a signed-in session: a real sign-in in Chromium, when there is one.
    const browserMissing = browserAvailable()
    const gatewayCookie = browserMissing === null ? await gatewaySessionCookie(server.origin) : null
    if (browserMissing) console.log(`(e) through the gateway: skipped, ${browserMissing}.`)
    const scenarios = await buildScenarios(server.origin, token, gatewayCookie)
    const order: Scenario['key'][] = ['a', 'b', 'c', 'e', 'd']
    for (const key of order) {
      const scenario = scenarios.find((s) => s.key === key)
      if (!scenario) continue
      await checkOnce(server.origin, scenario)
      process.stdout.write(`(${key}) ${scenario.method} ${scenario.path}: ${options.connections} connections, ${options.duration} s… `)
      const result = await load(server.origin, scenario, options)
      const m = flagErrors(measured(scenario, result))
      measurements.push(m)
      console.log(
        `${whole(m.requestsPerSecond)} req/s, p99 ${ms(m.latencyMs.p99)} ms${m.non2xx || m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : ''}`,
      )
      if (m.non2xx > 0 || m.errors > 0) console.log(`    status codes: ${JSON.stringify(m.statusCodes)}; server output:\n${server.output}`)
    }

    // 4. The requests list in Chromium: first rows, page turn, JavaScript of a cold visit.
    browserSkipped = browserAvailable()
    if (browserSkipped === null) {
      process.stdout.write('(browser) the requests list in Chromium… ')
      browser = await measureListInBrowser(server.origin)
      console.log(`first rows ${browser.firstRowsWarmMs.median} ms, page turn ${browser.pageTurnMs.median} ms`)
      // 5. The network section: a phone's link and CPU, cold, and Lighthouse (docs/decisions/0024-delivery.md).
      console.log('(network) the list, the dashboard and a creation form on Slow 4G and 5 Mbit/s, then Lighthouse…')
      network = await measureNetwork(server.origin, { log: console.log, spikeArrestPerSecond: 0 })
    }

    // 5. One gateway instance with and without Redis, on its own processes (bench/gateway-instances.ts, 0021).
    clearTimeout(watchdog)
    await stopServer()
    await benchGatewayInstances({ dbPath, duration: options.duration, connections: options.connections })
  } finally {
    clearTimeout(watchdog)
    await stopServer()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  }

  // 4. The report.
  measurements.sort((x, y) => x.key.localeCompare(y.key))
  const rows = [
    ['scenario', 'req/s (avg)', 'p50 ms', 'p99 ms', 'non-2xx', 'budget'],
    ...measurements.map((m) => [`(${m.key}) ${m.name}`, whole(m.requestsPerSecond), ms(m.latencyMs.p50), ms(m.latencyMs.p99), nonOk(m), m.verdict]),
  ]
  const cpu = cpus()
  console.log(
    `\nResults: ${options.connections} connections x ${options.duration} s per scenario, Node ${process.version}, ` +
      `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'} (load generator and server share them)\n`,
  )
  console.log(table(rows))
  console.log(
    `\nBudgets: (a) >= ${whole(BUDGETS.pageRps)} req/s and p99 < ${BUDGETS.pageP99Ms} ms; (b) p50 < ${BUDGETS.aggregateP50Ms} ms. Latency resolution: 1 ms (autocannon).`,
  )

  const spa = spaEntrySize()
  if (spa === null) console.log('SPA entry chunk: skipped, dist/ is absent (run `npm run build` first).')
  else if (typeof spa === 'string') console.log(`SPA entry chunk: skipped, ${spa}.`)
  else {
    console.log(
      `SPA entry chunk, built (dist/ as found, not rebuilt by this run): ${spa.entry} ${kb(spa.rawBytes)} raw, ${kb(spa.gzipBytes)} gzip` +
        (spa.jsFiles > 1 ? `; all ${spa.jsFiles} JS files ${kb(spa.allJsGzipBytes)} gzip` : ''),
    )
    console.log(
      spa.chartChunk
        ? `SPA chart chunk (dashboard only): ${spa.chartChunk.file} ${kb(spa.chartChunk.gzipBytes)} gzip`
        : 'SPA chart chunk: none found (charts-*.js)',
    )
    for (const chunk of spa.chunks) console.log(`    ${chunk.file} ${kb(chunk.gzipBytes)} gzip`)
  }

  if (browser) {
    const b = browser
    // The stack's floor, built now (bench/floor/stack.tsx): the list's budget counts from it.
    const floorBytes = await stackFloorBytes()
    const jsBudgetBytes = floorBytes + BROWSER_BUDGETS.listJsOverFloorKiB * 1024
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')
    console.log('\nThe requests list in Chromium (Playwright, alice, status=IN_PROGRESS,COMPLETED, 100,000 requests):')
    console.log(
      table([
        ['measure', 'figure', 'budget'],
        [
          'first rows, warm (median of 7)',
          `${b.firstRowsWarmMs.median} ms (max ${b.firstRowsWarmMs.max})`,
          `${verdict(b.firstRowsWarmMs.median < BROWSER_BUDGETS.firstRowsMs)}: < ${BROWSER_BUDGETS.firstRowsMs} ms`,
        ],
        [
          'first rows, cold cache',
          `${b.firstRowsColdMs} ms`,
          `${verdict(b.firstRowsColdMs < BROWSER_BUDGETS.firstRowsMs)}: < ${BROWSER_BUDGETS.firstRowsMs} ms`,
        ],
        [
          'page turn, prefetched: click to rows painted (median of 7)',
          `${b.pageTurnMs.median} ms (max ${b.pageTurnMs.max})`,
          `${verdict(b.pageTurnMs.median < BROWSER_BUDGETS.pageTurnMs)}: < ${BROWSER_BUDGETS.pageTurnMs} ms`,
        ],
        [
          '  the same through Playwright (click() to rows polled)',
          `${b.pageTurnRoundTripMs.median} ms (max ${b.pageTurnRoundTripMs.max})`,
          '(harness included; for comparison)',
        ],
        [
          `JavaScript of a cold visit (${b.listJs.files.length} files)`,
          kb(b.listJs.gzipBytes) + ' gzip',
          `${verdict(b.listJs.gzipBytes <= jsBudgetBytes)}: <= floor ${kb(floorBytes)} + ${BROWSER_BUDGETS.listJsOverFloorKiB} KiB = ${kb(jsBudgetBytes)}`,
        ],
        [
          `JavaScript of the sign-in page, cold (${b.signInJs.files.length} files)`,
          kb(b.signInJs.gzipBytes) + ' gzip',
          `${verdict(b.signInJs.gzipBytes <= jsBudgetBytes)}: <= ${kb(jsBudgetBytes)}`,
        ],
      ]),
    )
    for (const file of b.listJs.files) console.log(`    list: ${file.url} ${kb(file.gzipBytes)}`)
    for (const file of b.signInJs.files) console.log(`    sign-in: ${file.url} ${kb(file.gzipBytes)}`)
  } else {
    console.log(`\nThe requests list in Chromium: skipped, ${browserSkipped}.`)
  }
  if (network) for (const line of networkReport(network)) console.log(line)

  const failed = measurements.filter((m) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0)
  mkdirSync(dirname(RESULTS_FILE), { recursive: true })
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        git: gitState(),
        environment: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpu.length, cpuModel: cpu[0]?.model.trim() ?? null },
        settings: { connections: options.connections, durationSeconds: options.duration, warmupRequests: options.warmup, host: HOST },
        database: { reused: seeding === null, file: tempDir ? basename(dbPath) : dbPath, seeding },
        budgets: BUDGETS,
        scenarios: measurements,
        browser: browser ?? { skipped: browserSkipped },
        browserBudgets: BROWSER_BUDGETS,
        network: network ?? { skipped: browserSkipped ?? 'not run' },
        spaEntryChunk: spa === null ? { skipped: 'dist/ is absent' } : typeof spa === 'string' ? { skipped: spa } : spa,
        ok: failed.length === 0,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`Written to ${relative(ROOT, RESULTS_FILE)}.`)

  if (failed.length > 0) {
    console.error(`\nFAILED: ${failed.map((m) => `(${m.key}) ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts`).join('; ')}.`)
    return 1
  }
  return 0
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`\nThe benchmark could not run: ${error instanceof Error ? error.message : String(error)}`)
    await stopServer()
    process.exit(1)
  },
)
