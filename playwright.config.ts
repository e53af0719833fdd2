import { defineConfig, devices } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { DialectOption } from './e2e/worker-server'

/**
 * Debian's Chromium. Its headless shell (Debian's `chromium-headless-shell`, the same Blink and V8 without the desktop
 * browser around them) when it is there: the suite is bound by the browser's CPU, and the shell ran the slowest specs
 * in about an eighth less time (docs/decisions/0039-test-run-time.md). `.ci/run` installs it; without it, the
 * full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
// The sandbox control secret of this run (docs/decisions/0009-sandbox-controls.md): given to each worker's server and sent by
// the fixtures (e2e/fixtures.ts). Set in the environment so that the workers, which load this file again, share it.
process.env.E2E_CONTROL_SECRET ??= randomBytes(24).toString('base64url')
export const CONTROL_SECRET = process.env.E2E_CONTROL_SECRET

/**
 * End-to-end tests in Debian's Chromium against the real server (built SPA + gateway + sandbox). Each worker starts
 * its own server on its own port and fresh database (e2e/worker-server.ts, the `server` fixture of e2e/fixtures.ts),
 * so spec files run side by side without seeing each other's faults or requests. Playwright never downloads a browser.
 */
export default defineConfig<object, DialectOption>({
  testDir: 'e2e',
  // The files are shared between the workers; the tests of one file run in order, in one worker. A worker a core (the
  // suite is bound by Chromium's CPU: 3 workers on 2 cores took longer than 2), at least 2 and at most 8.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.min(8, Math.max(2, availableParallelism()))),
  // One retry in CI only: a test that fails twice fails the run; one that passes on its retry is reported as
  // flaky in the summary and in the CI log, to be mended, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Two workers, each with a browser and a server, on a 2-core machine: room for a slow moment, not for a slow product
  // (speed is measured by `npm run bench`, never by a test's timeout).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Playwright empties outputDir at start: keep it apart from the reports that scripts/test-all.sh sums.
  outputDir: 'test-results/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    // A trace costs CPU on every action: recorded only when a failed test runs again (CI retries once).
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // One project per sandbox dialect (docs/decisions/0029-second-dialect.md): every spec against the default sandbox;
  // the operators' journeys against the alternate too, a second operator that fills the references' gaps differently.
  projects: [
    { name: 'default', use: { dialect: 'default' } },
    { name: 'alternate', use: { dialect: 'alternate' }, testMatch: ['operators.spec.ts', 'bulk-order-alternate.spec.ts'] },
  ],
})
