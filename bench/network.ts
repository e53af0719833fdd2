import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { launch } from 'chrome-launcher'
import { signIn as signInThroughPages } from './browser'
import { navigation } from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The `network` section of `npm run bench` (docs/decisions/0024-delivery.md): what a person on a phone waits for.
 * Chromium with a network and CPU profile (CDP Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate), a
 * cold cache and a signed-in session: first rows of the requests list, the dashboard's first counts and a creation
 * form, median of 5, with the bytes on the wire; then Lighthouse 12 (mobile) on the sign-in page and on the list.
 *
 * `npm run bench:network` runs this section alone against a server of its own (100,000 requests seeded).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const RUNS = Number(process.env.BENCH_NETWORK_RUNS ?? 5)
/** Lighthouse's own advice: its score varies from run to run, so take the median of several (the run of median performance). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

export interface NetworkProfile {
  name: string
  /** Round trip added to every request, ms. */
  rttMs: number
  downKbps: number
  upKbps: number
  cpuSlowdown: number
  /** The list's first rows must show within this. */
  listBudgetMs: number
  /** The dashboard's first counts must show within this, and a creation form be usable (a person can type and send). */
  dashboardBudgetMs?: number
  formUsableBudgetMs?: number
}

/** Slow 4G as Lighthouse's mobile profile defines it, and a 5 Mbit/s link on a desktop's CPU. */
export const PROFILES: NetworkProfile[] = [
  {
    name: 'Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x)',
    rttMs: 150,
    downKbps: 1600,
    upKbps: 750,
    cpuSlowdown: 4,
    listBudgetMs: 1500,
    dashboardBudgetMs: 1000,
    formUsableBudgetMs: 1500,
  },
  { name: '5 Mbit/s (40 ms, 5 Mbit/s down, 1 Mbit/s up, CPU 1x)', rttMs: 40, downKbps: 5000, upKbps: 1000, cpuSlowdown: 1, listBudgetMs: 800 },
]

/** Lighthouse mobile: performance at least 90, accessibility and best practices 100, total blocking time under 200 ms. */
export const LIGHTHOUSE_BUDGETS = { performance: 90, accessibility: 100, bestPractices: 100, totalBlockingTimeMs: 200 } as const

export interface PageFigures {
  page: string
  /** Milliseconds from starting the navigation to the page's first data on screen, each run and their median. */
  runs: number[]
  medianMs: number
  /** Bytes on the wire (headers and compressed bodies) until the network is idle, median. */
  wireBytes: number
  /** The budget of the median (of `usable`'s, for a form), when the profile has one. */
  budgetMs: number | null
  /** When the page's code has taken the form over (its send button carries React's handlers), each run and the median; forms only. */
  hydrated?: { runs: number[]; medianMs: number }
  /**
   * When a person can type and send: the form of the HTML, which works before the page's code (the early start holds a
   * send; src/lib/view-input.ts), or else the page's own form once its code has taken over. Each run and the median.
   */
  usable?: { runs: number[]; medianMs: number }
}

export interface LighthouseFigures {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  firstContentfulPaintMs: number
  largestContentfulPaintMs: number
  totalBlockingTimeMs: number
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`). A 4x slowdown makes a phone of about a
   * quarter of it; Chrome DevTools' CPU calibration puts a mid-range phone (Pixel 5) near 1,000 and a low-end one (Moto
   * G Power 2022) near 264. The CPU figures of this section are this machine's, so read them with it.
   */
  benchmarkIndex: number
  failing: string[]
  /** The performance score of every run, the reported one being the median. */
  performanceRuns: number[]
}

export interface ExportFigures {
  /** The view exported, and how many requests it holds. */
  path: string
  requests: number
  pages: number
  /** From the click on "Export to CSV" to the page saying it finished, ms. */
  ms: number
  /** 1.2 × the time the operator's spike arrest allows for the pages (100 a page, 25 a second, reference 2). */
  budgetMs: number
  /** The sandbox's spike arrest during the run, calls a second; 0 when off (then the reader's own pacing alone). */
  spikeArrestPerSecond: number
  /** The export's calls answered 429 or 403 (the spike arrest): each holds every page back for its Retry-After. */
  refused: number
}

export interface NetworkFigures {
  profiles: { profile: NetworkProfile; pages: PageFigures[] }[]
  lighthouse: LighthouseFigures[] | { skipped: string }
  export?: ExportFigures | { skipped: string }
}

/** The operator's spike arrest and the API's largest page (reference 2; contract/request-query.ts REQUEST_PAGE). */
const SPIKE_ARREST_PER_SECOND = 25
const EXPORT_PAGE = 100
/** The view the export bench saves: about 10,000 requests of the seeded 100,000 for the sandbox's Alice. */
const EXPORT_PATH = '/requests?status=REJECTED'

/**
 * The CSV export of a view of about 10,000 requests, as a person starts it (docs/decisions/0024-delivery.md): the time
 * from the click to the page saying it finished, against 1.2 × what the spike arrest allows for the pages it reads.
 * Headless Chromium offers the File System Access picker, which nothing can answer here: the page takes the download
 * path that browsers without it use.
 */
async function measureExport(browser: Browser, session: Session, origin: string, spikeArrestPerSecond: number): Promise<ExportFigures> {
  const context = await browser.newContext({ storageState: session, acceptDownloads: true })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }))
    await page.goto(`${origin}${EXPORT_PATH}`)
    const found = page.getByRole('status').filter({ hasText: /^[\d,]+ requests found$/ })
    await found.waitFor()
    const requests = Number((await found.textContent())!.replace(/\D/g, ''))
    const pages = Math.ceil(requests / EXPORT_PAGE)
    let refused = 0
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/requests') && [403, 429].includes(response.status())) refused += 1
    })
    const download = page.waitForEvent('download', { timeout: 120_000 })
    const started = Date.now()
    await page.getByRole('button', { name: 'Export to CSV' }).click()
    await page.getByText(/^Export finished: /).waitFor({ timeout: 120_000 })
    const ms = Date.now() - started
    await download
    return { path: EXPORT_PATH, requests, pages, ms, budgetMs: Math.round((pages / SPIKE_ARREST_PER_SECOND) * 1.2 * 1000), spikeArrestPerSecond, refused }
  } finally {
    await context.close()
  }
}

/**
 * What a browser signed in before keeps: the gateway's session cookies (it keeps no token, docs/decisions/0011-sign-in.md),
 * among them the first-view cookie the gateway renders the list and the dashboard with (0026), and its localStorage,
 * where the page notes that it is signed in. A cold visit empties the HTTP cache, not the person's storage.
 */
export type Session = Awaited<ReturnType<BrowserContext['storageState']>>

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function signIn(browser: Browser, origin: string): Promise<{ session: Session; formPath: string }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInThroughPages(page, origin)
  // The creation form of the catalog's first item, as a person reaches it.
  await page.goto(`${origin}/catalog`)
  await page.locator('main a[href^="/catalog/"]').first().click()
  await page.getByRole('link', { name: 'Fill in the request' }).click()
  await page.getByRole('form', { name: 'Request form' }).waitFor()
  const formPath = new URL(page.url()).pathname + new URL(page.url()).search
  const session = await context.storageState()
  await context.close()
  return { session, formPath }
}

/** A fresh context (cold cache) signed in as `session`, with the profile applied to its page. */
export async function coldPage(
  browser: Browser,
  session: Session,
  profile: NetworkProfile,
): Promise<{ context: BrowserContext; page: Page; wire: () => number }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState: session,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
  let bytes = 0
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength
  })
  return { context, page, wire: () => bytes }
}

/**
 * Each page's first data: `shown` is what the page itself watches for (a CSS selector, checked at every frame), `ready`
 * what a person would name (a role locator), checked once it shows.
 */
export const TARGETS: {
  page: string
  path: (formPath: string) => string
  shown: string
  hydrated?: string
  /** What shows a form that works before the page's code (given with `hydrated`). */
  usableBeforeCode?: string
  ready: (page: Page) => Promise<void>
  budget: (profile: NetworkProfile) => number | undefined
}[] = [
  {
    page: 'requests list (/requests), first rows',
    path: () => '/requests?status=IN_PROGRESS,COMPLETED&sort=-createdAt',
    shown: 'table tbody tr',
    ready: (page) => page.locator('table tbody tr').first().waitFor({ state: 'visible' }),
    budget: (profile) => profile.listBudgetMs,
  },
  {
    page: 'dashboard (/), first counts',
    path: () => '/',
    shown: '[role="group"][aria-label="Requests by status"] a',
    ready: (page) => page.getByRole('group', { name: 'Requests by status' }).getByRole('link').first().waitFor({ state: 'visible' }),
    budget: (profile) => profile.dashboardBudgetMs,
  },
  {
    page: 'creation form, the form',
    path: (formPath) => formPath,
    shown: 'form[aria-label="Request form"]',
    // Usable: a person can type and send, once the send button is hydrated (React's handlers on the form's controls).
    hydrated: 'form[aria-label="Request form"] button[type="submit"]',
    usableBeforeCode: 'form[aria-label="Request form"][data-before-code]',
    ready: (page) => page.getByRole('form', { name: 'Request form' }).waitFor({ state: 'visible' }),
    budget: (profile) => profile.formUsableBudgetMs,
  },
]

/**
 * Watches, from the document's start, for the frame in which `shown` first shows and for the moment `hydrated` (when
 * given) carries React's props, by the page's own clock (`performance.now()` counts from the navigation's start). Set
 * before the navigation: a check that Playwright injects after it arrives late on a slowed CPU (behind the page's own
 * parsing and its entry's evaluation), and counted those in the figure (docs/figures.md, 2026-11-27, last).
 */
export async function watchFirstData(page: Page, shown: string, hydrated?: string, usableBeforeCode?: string): Promise<void> {
  // A string, not a function: the bench runs through tsx, whose helpers (`__name`) the page does not have.
  await page.addInitScript(`(() => {
    const css = ${JSON.stringify(shown)}, props = ${JSON.stringify(hydrated ?? '')}, early = ${JSON.stringify(usableBeforeCode ?? '')}
    const marks = (window.__firstData = {})
    const check = () => {
      const now = performance.now()
      const element = document.querySelector(css)
      if (marks.shown === undefined && element !== null && element.getBoundingClientRect().height > 0) marks.shown = now
      const live = props ? document.querySelector(props) : null
      if (props && marks.hydrated === undefined && live && Object.keys(live).some((key) => key.startsWith('__reactProps$'))) marks.hydrated = now
      const before = early ? document.querySelector(early) : null
      if (props && marks.usable === undefined && ((before && before.getBoundingClientRect().height > 0) || marks.hydrated !== undefined)) marks.usable = now
      if (marks.shown === undefined || (props && marks.hydrated === undefined)) requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })()`)
}

/** The marks `watchFirstData` set: when the first data showed and (if watched) when it was hydrated, ms. */
export async function firstDataAt(page: Page, hydrated: boolean): Promise<{ shown: number; hydrated: number | undefined; usable: number | undefined }> {
  const handle = await page.waitForFunction(
    (both) => {
      const marks = (window as unknown as { __firstData?: { shown?: number; hydrated?: number } }).__firstData
      return marks?.shown !== undefined && (!both || marks.hydrated !== undefined) ? marks : false
    },
    hydrated,
    { polling: 100, timeout: 60_000 },
  )
  const marks = (await handle.jsonValue()) as { shown: number; hydrated?: number; usable?: number }
  const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value))
  return { shown: Math.round(marks.shown), hydrated: round(marks.hydrated), usable: round(marks.usable) }
}

export async function measureNetwork(
  origin: string,
  options: {
    lighthouse?: boolean
    profiles?: boolean
    export?: boolean
    /** The server's sandbox spike arrest (SANDBOX_SPIKE_ARREST_PER_SECOND), said with the export's figure. */
    spikeArrestPerSecond?: number
    log?: (line: string) => void
  } = {},
): Promise<NetworkFigures> {
  const log = options.log ?? (() => undefined)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  let session: Session
  let formPath: string
  const profiles: NetworkFigures['profiles'] = []
  let exported: NetworkFigures['export'] = { skipped: 'not asked' }
  try {
    ;({ session, formPath } = await signIn(browser, origin))
    if (options.export !== false) {
      exported = await measureExport(browser, session, origin, options.spikeArrestPerSecond ?? 0)
      log(`  export of ${exported.path}: ${exported.requests} requests (${exported.pages} pages) in ${exported.ms} ms`)
    }
    for (const profile of options.profiles === false ? [] : PROFILES) {
      const pages: PageFigures[] = []
      for (const target of TARGETS) {
        const runs: number[] = []
        const hydratedRuns: number[] = []
        const usableRuns: number[] = []
        const wires: number[] = []
        for (let run = 0; run < RUNS; run++) {
          const { context, page, wire } = await coldPage(browser, session, profile)
          try {
            await watchFirstData(page, target.shown, target.hydrated, target.usableBeforeCode)
            await page.goto(`${origin}${target.path(formPath)}`, { waitUntil: 'commit' })
            const marks = await firstDataAt(page, target.hydrated !== undefined)
            runs.push(marks.shown)
            if (marks.hydrated !== undefined) hydratedRuns.push(marks.hydrated)
            if (marks.usable !== undefined) usableRuns.push(marks.usable)
            await target.ready(page)
            await page.waitForLoadState('networkidle')
            wires.push(wire())
          } finally {
            await context.close()
          }
        }
        const figures: PageFigures = {
          page: target.page,
          runs,
          medianMs: median(runs),
          wireBytes: median(wires),
          budgetMs: target.budget(profile) ?? null,
        }
        if (hydratedRuns.length) figures.hydrated = { runs: hydratedRuns, medianMs: median(hydratedRuns) }
        if (usableRuns.length) figures.usable = { runs: usableRuns, medianMs: median(usableRuns) }
        const usable = figures.hydrated
          ? `; usable ${figures.usable?.medianMs} ms (runs ${usableRuns.join(', ')}); taken over by the page's code ${figures.hydrated.medianMs} ms (runs ${hydratedRuns.join(', ')})`
          : ''
        log(
          `  ${profile.name.split(' (')[0]}: ${target.page}: ${figures.medianMs} ms (runs ${runs.join(', ')})${usable}, ${(figures.wireBytes / 1024).toFixed(1)} KiB on the wire`,
        )
        pages.push(figures)
      }
      profiles.push({ profile, pages })
    }
  } finally {
    await browser.close()
  }
  const lighthouse = options.lighthouse === false ? { skipped: 'not asked' } : await runLighthouse(origin, session!, log)
  return { profiles, lighthouse, export: exported }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Lighthouse 12, mobile (its default: Moto G Power, simulated Slow 4G, CPU 4x), in Debian's Chromium started by
 * chrome-launcher. The list needs a signed-in tab: Puppeteer gives it the session's cookies and localStorage, and
 * Lighthouse runs in that same tab (a cold cache, storage kept).
 */
async function runLighthouse(origin: string, session: Session, log: (line: string) => void): Promise<LighthouseFigures[] | { skipped: string }> {
  const port = await freePort()
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...ARGS], port })
  const results: LighthouseFigures[] = []
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    const targets: LighthouseTarget[] = [
      { page: 'sign-in page (/sign-in)', path: '/sign-in', signedIn: false },
      { page: 'requests list (/requests)', path: '/requests?status=IN_PROGRESS,COMPLETED&sort=-createdAt', signedIn: true },
    ]
    for (const target of targets) {
      const runs: LighthouseFigures[] = []
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseRun(browser, origin, session, target, run))
      const figures = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!
      figures.performanceRuns = runs.map((one) => one.performance)
      log(
        `  Lighthouse ${target.page}: performance ${figures.performance} (runs ${figures.performanceRuns.join(', ')}), accessibility ${figures.accessibility}, best practices ${figures.bestPractices}, FCP ${figures.firstContentfulPaintMs} ms, LCP ${figures.largestContentfulPaintMs} ms, TBT ${figures.totalBlockingTimeMs} ms (TBT runs ${runs.map((one) => one.totalBlockingTimeMs).join(', ')}; this machine's CPU: benchmarkIndex ${figures.benchmarkIndex})`,
      )
      if (figures.failing.length) log(`    below 0.9: ${figures.failing.join(', ')}`)
      results.push(figures)
    }
    await browser.disconnect()
  } finally {
    chrome.kill()
  }
  return results
}

type LighthouseTarget = { page: string; path: string; signedIn: boolean }

/** One Lighthouse run of `target`, in a new tab with a cold cache (the person's storage kept when signed in). */
async function lighthouseRun(
  browser: Awaited<ReturnType<typeof puppeteer.connect>>,
  origin: string,
  session: Session,
  target: LighthouseTarget,
  run: number,
): Promise<LighthouseFigures> {
  const page = await browser.newPage()
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.send('Network.clearBrowserCookies')
  if (target.signedIn) {
    // The storage first, on a page of the origin that sets nothing (its answer is not cached).
    await page.goto(`${origin}/healthz`)
    const stored = session.origins.find((entry) => entry.origin === origin)?.localStorage ?? []
    await page.evaluate((items) => {
      for (const { name, value } of items) window.localStorage.setItem(name, value)
    }, stored)
    for (const cookie of session.cookies) {
      await cdp.send('Network.setCookie', {
        name: cookie.name,
        value: cookie.value,
        url: origin,
        path: cookie.path,
        httpOnly: cookie.httpOnly,
        secure: cookie.secure,
        sameSite: cookie.sameSite,
      })
    }
  }
  const result = await navigation(page as never, `${origin}${target.path}`, {
    flags: { disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'], logLevel: 'error' },
  })
  if (!result) throw new Error('Lighthouse gave no result.')
  const { lhr } = result
  if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true })
    writeFileSync(join(process.env.BENCH_LIGHTHOUSE_REPORTS, `${target.path.split(/[/?]/)[1]}-${run + 1}.json`), JSON.stringify(lhr))
  }
  if (target.signedIn && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/requests')) {
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not the list: the session was not taken.`)
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
  const figures: LighthouseFigures = {
    page: target.page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    firstContentfulPaintMs: numeric('first-contentful-paint'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`),
    performanceRuns: [],
  }
  await page.close()
  return figures
}

/** The section's report lines, against the budgets. */
export function networkReport(figures: NetworkFigures): string[] {
  const lines = [
    '',
    figures.profiles.length
      ? `Network (cold cache, signed in, median of ${RUNS}; budgets: docs/decisions/0024-delivery.md):`
      : 'Network: Lighthouse alone (budgets: docs/decisions/0024-delivery.md):',
  ]
  for (const { profile, pages } of figures.profiles) {
    lines.push(`  ${profile.name}`)
    for (const page of pages) {
      const judged = page.usable?.medianMs ?? page.medianMs
      const verdict = page.budgetMs === null ? '' : ` (budget ${page.budgetMs} ms: ${judged <= page.budgetMs ? 'ok' : 'MISSED'})`
      const line = page.usable
        ? `shown ${page.medianMs} ms, usable ${page.usable.medianMs} ms${verdict}, taken over by the page's code ${page.hydrated?.medianMs} ms`
        : `${page.medianMs} ms${verdict}`
      lines.push(`    ${page.page}: ${line}, ${(page.wireBytes / 1024).toFixed(1)} KiB on the wire`)
    }
  }
  if (figures.export && !('skipped' in figures.export)) {
    const e = figures.export
    const against = e.spikeArrestPerSecond > 0 ? `the sandbox's spike arrest at ${e.spikeArrestPerSecond} a second` : "the sandbox's spike arrest off"
    lines.push(
      `  CSV export of ${e.path} (${against}, no throttling of the link): ${e.requests.toLocaleString('en')} requests, ${e.pages} pages, ${e.refused} refused, in ${e.ms} ms ` +
        `(budget 1.2 × ${e.pages} pages at ${SPIKE_ARREST_PER_SECOND} a second = ${e.budgetMs} ms: ${e.ms <= e.budgetMs ? 'ok' : 'MISSED'})`,
    )
  }
  if ('skipped' in figures.lighthouse) lines.push(`  Lighthouse: skipped, ${figures.lighthouse.skipped}.`)
  else {
    const b = LIGHTHOUSE_BUDGETS
    for (const l of figures.lighthouse) {
      const ok =
        l.performance >= b.performance &&
        l.accessibility >= b.accessibility &&
        l.bestPractices >= b.bestPractices &&
        l.totalBlockingTimeMs < b.totalBlockingTimeMs
      lines.push(
        `  Lighthouse 12 mobile, ${l.page}, median of ${l.performanceRuns.length}: performance ${l.performance} (runs ${l.performanceRuns.join(', ')}), accessibility ${l.accessibility}, best practices ${l.bestPractices}; ` +
          `FCP ${l.firstContentfulPaintMs} ms, LCP ${l.largestContentfulPaintMs} ms, TBT ${l.totalBlockingTimeMs} ms ` +
          `(budget >= ${b.performance}/${b.accessibility}/${b.bestPractices}, TBT < ${b.totalBlockingTimeMs} ms: ${ok ? 'ok' : 'MISSED'})`,
      )
    }
  }
  return lines
}

/** `npm run bench:network`: this section alone, against a server of its own on a seeded database. */
async function main(): Promise<number> {
  if (!existsSync('dist/index.html')) {
    console.error('dist/ is absent: run `npm run build` first.')
    return 1
  }
  const count = process.argv.includes('--count') ? process.argv[process.argv.indexOf('--count') + 1]! : '100000'
  const dir = mkdtempSync(join(tmpdir(), 'ordering-network-'))
  const port = Number(process.env.BENCH_PORT ?? (await freePort()))
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ORDERING_UPSTREAM: 'sandbox',
    SERVE_SPA: 'on',
    SANDBOX_DB_PATH: join(dir, 'bench.db'),
    SANDBOX_SEED_COUNT: count,
    // The platform's spike arrest (reference 2), so that the export is timed against it; the page loads stay under it.
    SANDBOX_SPIKE_ARREST_PER_SECOND: String(SPIKE_ARREST_PER_SECOND),
    SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '0',
  }
  console.log(`Starting the server on 127.0.0.1:${port} with ${count} requests seeded…`)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const origin = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + 180_000
    for (;;) {
      try {
        if ((await fetch(`${origin}/healthz`)).ok) break
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('The server did not start within 3 minutes.')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const figures = await measureNetwork(origin, {
      lighthouse: !process.argv.includes('--no-lighthouse'),
      profiles: !process.argv.includes('--lighthouse-only'),
      export: !process.argv.includes('--lighthouse-only'),
      spikeArrestPerSecond: SPIKE_ARREST_PER_SECOND,
      log: console.log,
    })
    for (const line of networkReport(figures)) console.log(line)
    return 0
  } finally {
    child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('network.ts')) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
