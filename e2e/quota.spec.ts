import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { control, expect, field, fillContract, fillDate, fillSite, PEOPLE, test, today, openMoreDetails } from './fixtures'

/**
 * The application's quota spent (reference 2 "Limits", docs/decisions/0032-application-quota.md), seen in Chromium:
 * each page says that the quota is used up, when it frees and the request id, a banner says so on every page, and
 * nothing calls the ordering API again by itself; a send keeps its draft, an export keeps what it read.
 */
test.use({ locale: 'en-GB' })

const MONTHLY = { window: 'fixed', period: 'month' } as const

async function setQuota(request: APIRequestContext, rule: Record<string, unknown>) {
  await control(request, 'post', '/quota', rule)
}

/** Calls of the page to the ordering API (through the gateway), counted from now. */
function countOrderingCalls(page: Page): { count: number } {
  const calls = { count: 0 }
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/ordering/')) calls.count += 1
  })
  return calls
}

/**
 * Ten seconds in which the page may not call the ordering API by itself: ten seconds of the browser's clock (the test
 * installs it, page.clock), every timer of the page due in them run in turn, and a moment of real time after them for
 * a call they would start to leave.
 */
async function expectNoCallsFor10Seconds(page: Page) {
  const calls = countOrderingCalls(page)
  await page.clock.runFor(10_000)
  await page.waitForTimeout(500)
  expect(calls.count, 'calls to /api/ordering while the quota is spent').toBe(0)
}

const QUOTA_UNTIL = /The application’s quota for this service is used up until .+\. The console does not try again by itself/
const BANNER = /^Quota used up: the application’s quota for the ordering service is spent until /

test.afterEach(async ({ request }) => {
  await control(request, 'delete', '/quota')
})

test('with a spent monthly quota, the list, a request’s page and the dashboard say so, with the request id, and call nothing by themselves', async ({
  page,
  signIn,
  request,
}) => {
  await page.clock.install()
  await signIn(PEOPLE.alice, { path: '/requests' })
  const firstRow = page.getByRole('table').getByRole('row').nth(1)
  await expect(firstRow).toBeVisible()
  const id = (await firstRow.getByRole('link').first().textContent())!.trim()
  await setQuota(request, { ...MONTHLY, limit: 0 })

  for (const [name, path] of [
    ['list', '/requests?status=REJECTED'],
    ['request', `/requests/${id}`],
    ['dashboard', '/'],
  ] as const) {
    await page.goto(path)
    const alert = page.getByRole('alert').filter({ hasText: QUOTA_UNTIL }).first()
    await expect(alert).toBeVisible({ timeout: 15_000 })
    await expect(alert).toContainText('HTTP status 403, code 53')
    await expect(alert.locator('code').first()).toHaveText(/^[0-9a-f-]{36}$/)
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`quota-${name}.png`), fullPage: true })
    await expectNoCallsFor10Seconds(page)
  }

  // The quota frees (here: removed), and the next call that succeeds takes the banner away.
  await control(request, 'delete', '/quota')
  await page.goto('/requests')
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toHaveCount(0)
})

test('a send refused by the quota keeps the draft and says so', async ({ page, signIn, request }) => {
  await signIn(PEOPLE.alice, { path: '/catalog' })
  await page.getByRole('link', { name: 'Business internet access' }).click()
  await page.getByRole('link', { name: 'Fill in the request' }).click()
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 10))
  await fillContract(page, 'ACM-000101')
  await fillSite(page)
  const contact = page.getByRole('group', { name: 'Primary contact' })
  await field(contact, 'First name').fill('Ada')
  await field(contact, 'Last name').fill('Lovelace')
  await openMoreDetails(contact)
  await field(contact, 'Phone').fill('+33 4 00 00 00 00')
  await field(page, 'Billing account code').fill('BA-7')
  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption('100')
  await openMoreDetails(page)
  await field(page, 'Static IP address').selectOption('true')

  await setQuota(request, { ...MONTHLY, limit: 0 })
  await page.getByRole('button', { name: 'Send the request' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'Your draft is kept on this device' })
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText(QUOTA_UNTIL)
  await expect(refusal.locator('code')).toHaveText(/^[0-9a-f-]{36}$/)
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('quota-send.png'), fullPage: true })
  await expect(page).toHaveURL(/\/requests\/new\?item=/)
  await expect(field(page.getByRole('group', { name: 'Location' }), 'Site name')).toHaveValue('Lyon warehouse')
  await expect(field(page, 'Billing account code')).toHaveValue('BA-7')

  // The draft outlives a reload, once the quota frees.
  await control(request, 'delete', '/quota')
  await page.reload()
  await expect(field(page.getByRole('group', { name: 'Location' }), 'Site name')).toHaveValue('Lyon warehouse')
})

test('an export the quota stops keeps what it read and says why', async ({ page, signIn, request }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }))
  await page.clock.install()
  await signIn(PEOPLE.alice, { path: '/requests' })
  const found = page.getByRole('status').filter({ hasText: /^[\d,]+ requests found$/ })
  await expect(found).toBeVisible()
  const total = Number((await found.textContent())!.replace(/\D/g, ''))
  expect(total).toBeGreaterThan(300)

  // Two calls left: the export's first two pages.
  await setQuota(request, { ...MONTHLY, limit: 2 })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export to CSV' }).click()
  const file = await download
  const stopped = page.getByRole('status').filter({ hasText: /^The export stopped after [\d,]+ of [\d,]+ requests/ })
  await expect(stopped).toBeVisible()
  const written = Number(/after ([\d,]+) of/.exec((await stopped.textContent())!)![1]!.replace(/\D/g, ''))
  expect(written).toBe(200)
  await expect(stopped).toContainText(`of ${total.toLocaleString('en')} requests: the application’s quota for the ordering service is used up`)
  await expect(page.getByRole('alert').filter({ hasText: QUOTA_UNTIL })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('quota-export.png'), fullPage: true })
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
  expect(lines).toHaveLength(written + 1)
  await expectNoCallsFor10Seconds(page)
})

test.describe('in French', () => {
  test('a rolling quota is said to free gradually, on the page and in the banner', async ({ page, signIn, request }) => {
    await page.clock.install()
    await signIn(PEOPLE.alice, { path: '/requests' })
    await page.getByLabel('Language').selectOption('fr')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await setQuota(request, { window: 'rolling', limit: 0, seconds: 3600 })
    await page.goto('/requests?status=REJECTED')
    const alert = page.getByRole('alert').filter({ hasText: 'Le quota de l’application pour ce service est épuisé ; il se libère peu à peu' })
    await expect(alert).toBeVisible({ timeout: 15_000 })
    await expect(alert).toContainText('Limite globale de quota')
    await expect(page.getByRole('status').filter({ hasText: /^Quota épuisé : .* se libère peu à peu/ })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('quota-rolling-fr.png'), fullPage: true })
    await expectNoCallsFor10Seconds(page)
  })
})
