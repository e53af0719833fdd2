import { defineConfig, devices } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PORT = Number(process.env.E2E_PORT ?? 8181)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The sandbox control secret of this run (docs/decisions/0009-sandbox-controls.md): given to the server below, sent by
// the fixtures (e2e/fixtures.ts). Set in the environment so that the workers, which load this file again, share it.
process.env.E2E_CONTROL_SECRET ??= randomBytes(24).toString('base64url')
export const CONTROL_SECRET = process.env.E2E_CONTROL_SECRET

/**
 * End-to-end tests in Debian's Chromium against the real server (built SPA + gateway + sandbox on a
 * fresh database). Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // One retry in CI only: a test that fails twice fails the run; one that passes on its retry is reported as
  // flaky in the summary and in the CI log, to be mended, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  // Playwright empties outputDir at start: keep it apart from the reports that scripts/test-all.sh sums.
  outputDir: 'test-results/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SANDBOX_DB_PATH: join(tmpdir(), `ordering-console-e2e-${process.pid}-${Date.now()}.db`),
      SANDBOX_CONTROL_SECRET: CONTROL_SECRET,
      ALLOWED_HOSTS: `127.0.0.1:${PORT},localhost:${PORT}`,
    },
  },
})
