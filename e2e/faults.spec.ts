import type { APIRequestContext, Page, Response } from '@playwright/test'
import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

/**
 * Each fault the sandbox can inject (docs/decisions/0016-errors-faults-and-languages.md), seen in Chromium:
 * what the person is told, the request id to quote, and how the page recovers.
 */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface Fault {
  kind: 'latency' | 'unavailable' | 'tooManyRequests' | 'spikeArrest' | 'dropConnection' | 'expiredToken'
  path: string
  count?: number
  seconds?: number
  latencyMs?: number
  retryAfterSeconds?: number
}

async function inject(request: APIRequestContext, fault: Fault) {
  const response = await request.post('/sandbox/control/faults', { data: fault })
  expect(response.status(), await response.text()).toBe(201)
}

async function activeFaults(request: APIRequestContext): Promise<unknown[]> {
  return ((await (await request.get('/sandbox/control/faults')).json()) as { faults: unknown[] }).faults
}

/** Answers of the gateway for `path` (under /api/ordering/v3), in order. */
function answersTo(page: Page, path: string): Response[] {
  const answers: Response[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/ordering/v3${path}`) answers.push(response)
  })
  return answers
}

/**
 * Opens a filtered list whose calls the session can no longer make: the browser signs in again once, silently
 * (`prompt=none`), and comes back to the same list, rows shown. The sign-in is awaited first: the list's own rows
 * (or its loading rows) may show before it leaves for it.
 */
async function openListSignedInAgainOnce(page: Page) {
  const authorizations: string[] = []
  page.on('request', (sent) => {
    if (sent.isNavigationRequest() && new URL(sent.url()).pathname === '/auth/authorize') authorizations.push(sent.url())
  })
  await page.goto('/requests?status=REJECTED&sort=createdAt')
  await expect.poll(() => authorizations.length, { timeout: 15_000 }).toBe(1)
  await expect(page).toHaveURL(/\/requests\?status=REJECTED&sort=createdAt$/, { timeout: 15_000 })
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  expect(authorizations).toHaveLength(1)
  expect(new URL(authorizations[0]!).searchParams.get('prompt')).toBe('none')
}

/**
 * A browser that has not told the gateway its first view's settings (no first-view cookie): the list's first page is
 * then asked by the page, as before the gateway rendered first views (docs/decisions/0026-first-view.md).
 */
async function withoutFirstView(page: Page) {
  await page.context().clearCookies({ name: 'ordering-console.first-view' })
}

async function expectNoAxeViolation(page: Page) {
  await expectNoAccessibilityViolation(page)
}

const account = (page: Page) => page.getByRole('heading', { level: 1, name: 'My account' })
const accountData = (page: Page) => page.getByRole('main').getByText(PEOPLE.alice.username)

test.beforeEach(async ({ page, signIn }) => {
  // Signed in on the account page, which asks nothing of /requests, and settled: a fault a test injects is met by that
  // test's own calls, never by the dashboard's still on their way (it reads /requests for its lists).
  await signIn(PEOPLE.alice, { path: '/me' })
  await page.waitForLoadState('networkidle')
  // The gateway asks GET /me itself to know the person's customer, and trusts the answer for a minute
  // (server/gateway/person-customer.ts): asked now, so that a fault on /me reaches the page's calls, not its look-up.
  expect((await page.request.get('/auth/session')).status()).toBe(200)
})

test.afterEach(async ({ request }) => {
  await request.delete('/sandbox/control/faults')
  await request.post('/sandbox/control/maintenance', { data: { enabled: false } })
  await request.post('/sandbox/control/subscription', { data: { clientId: 'ordering-console-sandbox', subscribed: true } })
})

test('503 code 5: the message, the request id and a banner; the page recovers by itself while /status is OK', async ({ page, request }) => {
  const answers = answersTo(page, '/me')
  // For a few seconds, every GET /me answers 503 (the page's, and the gateway's own look-ups of the customer alike).
  await inject(request, { kind: 'unavailable', path: '/me', seconds: 4 })
  await page.goto('/me')
  await expect(account(page)).toBeVisible()
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('The API is unavailable')
  await expect(alert).toContainText('This page checks it and carries on by itself when it is back.')
  await expect(alert.locator('code')).toHaveText(REQUEST_ID)
  expect(answers[0]!.headers()['x-oapi-request-id']).toMatch(REQUEST_ID)
  await expect(page.getByRole('status').filter({ hasText: 'Service interrupted: ordering is unavailable for now.' })).toBeVisible()

  // /status is polled while a call says the service is down; it is OK, so the failed call runs again until it works.
  await expect(accountData(page)).toBeVisible({ timeout: 20_000 })
  await expect(alert).toHaveCount(0)
  await expect(page.getByText('Service interrupted: ordering is unavailable for now.')).toHaveCount(0)
  const statuses = answers.map((answer) => answer.status())
  expect(statuses.at(-1)).toBe(200)
  expect(new Set(statuses.slice(0, -1))).toEqual(new Set([503]))
})

test('maintenance (a non-OK /status): a banner while it lasts, polling, and the page comes back after it', async ({ page, request }) => {
  await request.post('/sandbox/control/maintenance', { data: { enabled: true } })
  await page.goto('/me')
  await expect(page.getByRole('status').filter({ hasText: 'Service interrupted: ordering is unavailable for now.' })).toBeVisible()
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('The API is unavailable')
  await expect(alert.locator('code')).toHaveText(REQUEST_ID)
  await expectNoAxeViolation(page)
  await request.post('/sandbox/control/maintenance', { data: { enabled: false } })
  await expect(accountData(page)).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('Service interrupted: ordering is unavailable for now.')).toHaveCount(0)
})

test('403 code 53: reads are retried after about a second, honouring Retry-After, and the page shows the data', async ({ page, request }) => {
  const answers = answersTo(page, '/me')
  await inject(request, { kind: 'spikeArrest', path: '/me', count: 2, retryAfterSeconds: 2 })
  await page.goto('/me')
  await expect(accountData(page)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(answers.map((answer) => answer.status())).toEqual([403, 403, 200])
  const [first, second, third] = await Promise.all(answers.map(async (answer) => (await answer.request().timing()).startTime))
  // Retry-After: 2 is honoured, although the backoff alone would have come back sooner the first time.
  expect(second! - first!).toBeGreaterThanOrEqual(1_900)
  expect(third! - second!).toBeGreaterThanOrEqual(1_900)
  expect(await activeFaults(request)).toEqual([])
})

test('429 that persists: a clear message with the request id after the retries; trying again recovers', async ({ page, request }) => {
  test.setTimeout(60_000)
  const answers = answersTo(page, '/me')
  await inject(request, { kind: 'tooManyRequests', path: '/me', count: 4 })
  await page.goto('/me')
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('Too many requests', { timeout: 20_000 })
  await expect(alert).toContainText('Wait a few seconds, then try again.')
  // The first call and three retries, then the message.
  expect(answers.map((answer) => answer.status())).toEqual([429, 429, 429, 429])
  await expect(alert.locator('code')).toHaveText(answers[3]!.headers()['x-oapi-request-id']!)
  await expectNoAxeViolation(page)
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(accountData(page)).toBeVisible()
})

test('latency: the page says it is loading, then shows the data', async ({ page, request }) => {
  await inject(request, { kind: 'latency', path: '/me', seconds: 30, latencyMs: 2_000 })
  await page.goto('/me')
  await expect(page.getByRole('status').filter({ hasText: 'Loading your account…' })).toBeVisible()
  await expect(accountData(page)).toBeVisible({ timeout: 10_000 })
})

test('a dropped connection: the gateway answers 502 with a request id to copy; after the retries, trying again recovers', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const answers = answersTo(page, '/me')
  // The first call and its two automatic retries.
  await inject(request, { kind: 'dropConnection', path: '/me', count: 3 })
  await page.goto('/me')
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('The ordering API could not be reached', { timeout: 15_000 })
  await expect(alert).toContainText('Try again in a moment; if it persists, quote the request id to support.')
  expect(answers.map((answer) => answer.status())).toEqual([502, 502, 502])
  const requestId = answers[2]!.headers()['x-oapi-request-id']!
  await expect(alert.locator('code')).toHaveText(requestId)
  await expectNoAxeViolation(page)
  await alert.getByRole('button', { name: 'Copy the request id' }).click()
  await expect(alert.getByRole('status')).toHaveText('Request id copied.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestId)
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(accountData(page)).toBeVisible()
})

test('an expired token (401 code 42): renewed by the gateway and replayed once, unseen by the person', async ({ page, request }) => {
  const answers = answersTo(page, '/requests')
  await inject(request, { kind: 'expiredToken', path: '/requests', count: 1 })
  // The list's first page is the gateway's own call, for the first view in the HTML (docs/decisions/0026-first-view.md):
  // the renewed session's cookie comes with the page.
  const document = await page.goto('/requests?status=REJECTED')
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  expect((await document!.headerValues('set-cookie')).some((cookie) => cookie.startsWith('oc_session='))).toBe(true)
  // Nothing the browser asked for itself (the prefetch of the next page) reached it as a 401.
  await page.waitForLoadState('networkidle')
  expect(answers.filter((answer) => answer.status() !== 200)).toEqual([])
  expect(await activeFaults(request)).toEqual([])
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('an expired token the renewal cannot cure: signed in again once, back on the same page with its filters, no loop', async ({ page, request }) => {
  const answers = answersTo(page, '/requests')
  // The call and its one replay by the gateway both fail; the browser then signs in again, silently.
  await inject(request, { kind: 'expiredToken', path: '/requests', count: 2 })
  // Without the browser's note that it was signed in, the list's first call waits for the session check: the refused
  // call is then the page's own, after the check. The note goes as each document starts, before its scripts: a session
  // check still on its way from the page before could otherwise write it back.
  await page.addInitScript(() => window.localStorage.removeItem('ordering-console.session'))
  // The page's own call, not the gateway's for a first view (0026), which would meet the faults first.
  await withoutFirstView(page)
  await openListSignedInAgainOnce(page)
  // One 401 reached the browser; after signing in again, the page (and its prefetched next page) loaded.
  expect(answers.map((answer) => answer.status()).filter((status) => status === 401)).toEqual([401])
  expect(answers.at(-1)!.status()).toBe(200)
})

test('403 code 50: a page explains the subscription is missing or suspended; checking again brings the page back', async ({ page, request }) => {
  await request.post('/sandbox/control/subscription', { data: { clientId: 'ordering-console-sandbox', subscribed: false } })
  await page.goto('/me')
  await expect(page.getByRole('heading', { level: 1, name: 'Access to the ordering service is suspended' })).toBeVisible()
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('Access denied')
  await expect(alert).toContainText('Contact your operator’s account manager.')
  await expect(alert.locator('code')).toHaveText(REQUEST_ID)
  await expectNoAxeViolation(page)
  await request.post('/sandbox/control/subscription', { data: { clientId: 'ordering-console-sandbox', subscribed: true } })
  await page.getByRole('button', { name: 'Check again' }).click()
  await expect(account(page)).toBeVisible()
  await expect(accountData(page)).toBeVisible()
})

test('offline: a banner, queries wait, a page asked for opens when the connection is back', async ({ page, context }) => {
  await page.goto('/me')
  await expect(accountData(page)).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible()
  await expectNoAxeViolation(page)
  // A page asked for offline waits for the network instead of failing: the person stays where they were, told why.
  await page.getByRole('navigation').getByRole('link', { name: 'API' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The page you asked for opens as soon as the connection is back' })).toBeVisible()
  await expect(account(page)).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await context.setOffline(false)
  await expect(page.getByText('You are offline.')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'The ordering API' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Operations' })).toBeVisible()
})
