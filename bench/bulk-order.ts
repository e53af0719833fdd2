/**
 * A spreadsheet's 500 rows sent through the gateway to the sandbox under its spike arrest of 25 a second
 * (docs/decisions/0035-bulk-order.md): `npm run bench:bulk-order -- [--rows 500]`.
 *
 * Starts the real server on a fresh database (spike arrest 25/s), signs in through the sandbox's pages for a gateway
 * session, then runs the batch runner and pacer of the page (src/features/bulk-order/run-batch.ts, pacer.ts) with a
 * port that POSTs each row's body with that session. Budget: 1.2 × rows / 25 s (24 s for 500), no row refused, no call
 * refused by the spike arrest. Then, in Chromium (the built SPA: `npm run build` first), the page checks a file of 1,000 rows:
 * its longest task (PerformanceObserver 'longtask') at most 200 ms. Only 127.0.0.1 is contacted. Exit code 0 within
 * budget, 1 otherwise.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ApiError } from '../src/lib/api-error'
import { BATCH_PER_SECOND, createPacer } from '../src/features/bulk-order/pacer'
import { runBatch, type BatchSendPort } from '../src/features/bulk-order/run-batch'
import type { BatchRecord } from '../src/features/bulk-order/batch-record'
import { chromium } from '@playwright/test'
import { gatewaySessionCookie, signIn } from './browser'
import { sitesCsv } from '../e2e/bulk-order-sheet'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const HOST = '127.0.0.1'
const SPIKE_ARREST = 25

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, HOST, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })
}

/** The longest task the page may run while it checks a file (docs/decisions/0035-bulk-order.md). */
const LONG_TASK_BUDGET_MS = 200
const CHECKED_ROWS = 1000

/** A file of `rows` valid rows, as the e2e specs write them. */
function sheetOf(rows: number, prefix: string): string {
  return sitesCsv(Array.from({ length: rows }, (_, index) => ({ date: dayPlus(12), reference: `${prefix}-${index + 1}`, bandwidth: '100' })))
}

/**
 * The page checking a file of 1,000 rows in Chromium: the longest task the PerformanceObserver ('longtask') saw from
 * choosing the file to the preview's summary on screen, and how long that took.
 */
async function checkOnPage(origin: string): Promise<{ longestTaskMs: number; longTasks: number; checkMs: number; summary: string }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ locale: 'en-GB' })
    await signIn(page, origin)
    await page.goto(`${origin}/bulk-order?item=CI-INTERNET-ACCESS`)
    await page.waitForFunction(() => (document.querySelector('#bulk-order-item') as HTMLSelectElement | null)?.value === 'CI-INTERNET-ACCESS')
    await page.evaluate(() => {
      const seen: number[] = []
      ;(window as unknown as { longTasks: number[] }).longTasks = seen
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration)
      }).observe({ type: 'longtask', buffered: false })
    })
    const started = performance.now()
    await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({
      name: 'sites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(sheetOf(CHECKED_ROWS, `CHK${Date.now().toString(36).toUpperCase().slice(-5)}`)),
    })
    const summary = page.getByText(/^sites\.csv: 1,?000 rows, /).or(page.getByRole('alert'))
    await summary
      .first()
      .waitFor({ timeout: 120_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/bulk-bench-fail.png', fullPage: true })
        throw error
      })
    const checkMs = performance.now() - started
    // A frame after the summary, so that a task still running is over and reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))))
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
    return { longestTaskMs: Math.max(0, ...tasks), longTasks: tasks.length, checkMs, summary: (await summary.first().textContent()) ?? '' }
  } finally {
    await browser.close()
  }
}

const dayPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '500' } } })
  const rows = Number(values.rows)
  const port = await freePort()
  const origin = `http://${HOST}:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      ORDERING_UPSTREAM: 'sandbox',
      SERVE_SPA: 'on',
      SANDBOX_DB_PATH: join(tmpdir(), `ordering-console-bulk-bench-${process.pid}.db`),
      SESSION_DB_PATH: ':memory:',
      SANDBOX_SPIKE_ARREST_PER_SECOND: String(SPIKE_ARREST),
      ALLOWED_HOSTS: `${HOST}:${port},localhost:${port}`,
      LOG_REQUESTS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      if (tries > 300) throw new Error('The server did not start.')
      await new Promise((done) => setTimeout(done, 100))
    }
    const cookie = await gatewaySessionCookie(origin)
    let spikeRefusals = 0
    const prefix = `BENCH${Date.now().toString(36).toUpperCase().slice(-5)}`
    const port_: BatchSendPort = {
      async send(body, { onStart }) {
        onStart({ reference: String(body.customerReference), since: new Date().toISOString() })
        const response = await fetch(`${origin}/api/ordering/v3/requests`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin },
          body: JSON.stringify(body),
        })
        const answer = (await response.json()) as { id?: string; code?: number; message?: string; description?: string }
        if (response.status === 201) return { kind: 'created', id: answer.id ?? '' }
        if (response.status === 403 && answer.code === 53) spikeRefusals++
        const retryAfter = Number(response.headers.get('retry-after') ?? '') || null
        return {
          kind: 'refused',
          error: new ApiError({
            status: response.status,
            requestId: response.headers.get('x-oapi-request-id'),
            body: { code: answer.code, message: answer.message ?? '', description: answer.description },
            retryAfterSeconds: retryAfter,
          }),
        }
      },
      confirm: () => Promise.reject(new Error('No row is left pending in the bench.')),
    }
    const record: BatchRecord = {
      id: prefix,
      itemId: 'CI-INTERNET-ACCESS',
      itemName: 'Business internet access',
      prefix,
      startedAt: new Date().toISOString(),
      paused: false,
      rows: Array.from({ length: rows }, (_, index) => ({ number: index + 1, reference: `${prefix}-${index + 1}`, state: 'waiting' as const })),
      skipped: [],
    }
    const bodies = Object.fromEntries(
      record.rows.map((row) => [
        String(row.number),
        {
          type: 'INTERNET_ACCESS',
          requestedAt: dayPlus(12),
          customerReference: row.reference,
          contract: 'ACM-000101',
          properties: {
            location: { address: { street: `${row.number} rue du Port`, postalCode: '44000', city: 'Nantes', country: 'FR' } },
            contacts: { primary: { firstName: 'Alan', lastName: 'Turing' } },
            billingAccount: { code: 'BA-9' },
            options: { bandwidthMbps: 100 },
          },
          attachments: [],
        },
      ]),
    )
    const started = performance.now()
    const done = await runBatch(record, { port: port_, pacer: createPacer(BATCH_PER_SECOND), bodies, onChange: () => {}, signal: new AbortController().signal })
    const seconds = (performance.now() - started) / 1000
    const created = done.rows.filter((row) => row.state === 'created').length
    const refused = done.rows.filter((row) => row.state !== 'created')
    const budget = (1.2 * rows) / SPIKE_ARREST
    const sendWithin = seconds <= budget && refused.length === 0 && spikeRefusals === 0
    console.log(
      `bulk order: ${rows} rows at ${BATCH_PER_SECOND}/s under a spike arrest of ${SPIKE_ARREST}/s: ${seconds.toFixed(1)} s (budget ${budget.toFixed(0)} s), ` +
        `${created} created, ${refused.length} refused, ${spikeRefusals} spike-arrest refusals: ${sendWithin ? 'within budget' : 'OVER BUDGET'}`,
    )
    if (refused[0]) console.log('first refusal:', JSON.stringify(refused[0].refusal))
    const check = await checkOnPage(origin)
    const checkWithin = check.longestTaskMs <= LONG_TASK_BUDGET_MS && /1,?000 ready/.test(check.summary)
    console.log(
      `bulk order: ${CHECKED_ROWS} rows checked on the page in ${(check.checkMs / 1000).toFixed(1)} s ("${check.summary}"); longest task ` +
        `${check.longestTaskMs.toFixed(0)} ms (budget ${LONG_TASK_BUDGET_MS} ms), ${check.longTasks} tasks over 50 ms: ${checkWithin ? 'within budget' : 'OVER BUDGET'}`,
    )
    return sendWithin && checkWithin ? 0 : 1
  } finally {
    child.kill('SIGTERM')
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
