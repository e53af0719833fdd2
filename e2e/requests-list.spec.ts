import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAccessibilityViolation, PEOPLE, signIn as signInOn, test } from './fixtures'

const listTable = (page: Page) => page.getByRole('table', { name: /^Requests matching the filters/ })
/** The ids of the rows shown, once the list is idle (not showing the page being left). */
async function rowIds(table: Locator): Promise<string[]> {
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  return table.locator('tbody tr th a').allTextContents()
}

test('filter by two statuses and overdue, sort, page forward; the URL reproduces the view elsewhere, and Back returns', async ({ page, browser, signIn }) => {
  // Two sign-ins and two accessibility scans: more than the default 30 s when the machine is busy.
  test.setTimeout(60_000)
  await signIn(PEOPLE.alice, { path: '/requests' })
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
  const table = listTable(page)
  await expect(table).toBeVisible()
  await expectNoAccessibilityViolation(page)

  await page.getByRole('button', { name: 'Edit filters' }).click()
  const filters = page.getByRole('region', { name: 'Filters' })
  await filters.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'In progress' }).check()
  await filters.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Completed' }).check()
  await filters.getByRole('combobox', { name: 'Overdue' }).selectOption({ label: 'Overdue only' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/requests\?status=IN_PROGRESS%2CCOMPLETED&isOverdue=true$/)
  const active = page.getByRole('region', { name: 'Active filters' })
  await expect(active.getByRole('button', { name: 'Remove filter Status: In progress' })).toBeVisible()
  await expect(active.getByRole('button', { name: 'Remove filter Status: Completed' })).toBeVisible()
  await expect(active.getByRole('button', { name: 'Remove filter Overdue: Yes' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ requests found$/ })).toBeVisible()

  await table.getByRole('button', { name: 'Requested for' }).click()
  await expect(page).toHaveURL(/&sort=-keyDates\.requestedAt$/)
  await expect(table.getByRole('columnheader', { name: 'Requested for' })).toHaveAttribute('aria-sort', 'descending')
  const firstPage = await rowIds(table)
  expect(firstPage).toHaveLength(20)
  // Every row is overdue, and says so in words.
  await expect(table.locator('tbody tr').filter({ hasNotText: 'Overdue' })).toHaveCount(0)

  const pages = page.getByRole('navigation', { name: 'Pages' })
  await expect(pages.getByText(/^Showing 1–20 of [\d,]+$/)).toBeVisible()
  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/&page=2$/)
  await expect(pages.getByText(/^Showing 21–40 of [\d,]+$/)).toBeVisible()
  await expect.poll(() => rowIds(table)).not.toEqual(firstPage)
  const secondPage = await rowIds(table)
  await expectNoAccessibilityViolation(page)

  // The address, pasted in another browser: the person signs in and lands on the same view.
  const url = page.url()
  const elsewhere = await browser.newContext()
  try {
    const other = await elsewhere.newPage()
    await signInOn(other, PEOPLE.alice, { path: url })
    await expect(other).toHaveURL(url)
    await expect.poll(() => rowIds(listTable(other))).toEqual(secondPage)
    await expect(other.getByRole('navigation', { name: 'Pages' }).getByText(/^Showing 21–40 of [\d,]+$/)).toBeVisible()
    await expect(other.getByRole('region', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter Overdue: Yes' })).toBeVisible()
  } finally {
    await elsewhere.close()
  }

  // Back walks to the previous view: the first page of the same filters and sort.
  await page.goBack()
  await expect(page).toHaveURL(/\/requests\?status=IN_PROGRESS%2CCOMPLETED&isOverdue=true&sort=-keyDates\.requestedAt$/)
  await expect.poll(() => rowIds(table)).toEqual(firstPage)
  await page.goForward()
  await expect.poll(() => rowIds(table)).toEqual(secondPage)

  // The id is a real link: it leads to the request's page (and opens in a new tab too).
  await expect(table.getByRole('link', { name: secondPage[0] })).toHaveAttribute('href', `/requests/${secondPage[0]}`)
})

test('exports every request of the view to CSV, across pages', async ({ page, signIn }) => {
  // Headless Chromium offers the File System Access picker, which no test can answer: take the download path that
  // browsers without it use (the export streams to the picked file otherwise, docs/decisions/0024-delivery.md).
  await page.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }))
  await signIn(PEOPLE.alice, { path: '/requests?status=REJECTED' })
  const found = page.getByRole('status').filter({ hasText: /^[\d,]+ requests found$/ })
  await expect(found).toBeVisible()
  const total = Number((await found.textContent())!.replace(/\D/g, ''))
  expect(total).toBeGreaterThan(100)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export to CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByText(`Export finished: ${total.toLocaleString('en')} requests saved to a CSV file.`)).toBeVisible()
  const csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.split('\r\n').filter(Boolean)
  expect(lines[0]).toMatch(/^Request id,Name,Customer reference,/)
  expect(lines).toHaveLength(total + 1)
  expect(lines.slice(1).every((line) => line.includes(',Rejected,'))).toBe(true)
})

test('a reload of the list loads only what the list needs, and the list switches to French and back', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests?status=REJECTED' })
  const scripts: string[] = []
  const sessionChecks: string[] = []
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname)
    if (new URL(sent.url()).pathname === '/auth/session') sessionChecks.push(sent.method())
  })
  const reloaded = await page.reload()
  // The gateway waits at most FIRST_VIEW_WAIT_MS (server/gateway/first-view.ts) for the first view; a busy machine
  // may miss it, and the page then asks for its session itself.
  const firstView = (await reloaded!.text()).includes('id="first-view-answers"')
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
  await expect(listTable(page).locator('tbody tr').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  // The sign-in library, the request page and the English catalog of the list's feature only (docs/decisions/0012).
  expect(scripts.some((path) => /oidc-client-ts|auth-routes|user-manager/.test(path))).toBe(false)
  expect(scripts.some((path) => /request-detail|\/home-/.test(path))).toBe(false)
  expect(scripts.filter((path) => /\/fr-[\w-]+\.js$/.test(path))).toEqual([])
  // Whose the session is and how it was opened (the header's account part) are one answer, asked once at most: not at
  // all when the gateway's answer came in the HTML with the list's first view (docs/decisions/0026-first-view.md).
  await expect(page.getByRole('banner').getByRole('group', { name: 'Your account' })).toContainText('Alice Martin')
  expect(sessionChecks).toEqual(firstView ? [] : ['GET'])

  // The list's messages arrive in French when the person switches, without a reload.
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Modifier les filtres' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^[\d\s\u202f]+ demandes trouvées$/ })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  await page.getByLabel('Langue').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
})
