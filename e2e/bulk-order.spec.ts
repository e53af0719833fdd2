import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import readXlsxFile from 'read-excel-file/node'
import writeXlsxFile from 'write-excel-file/node'
import { z } from 'zod'
import { ZRequestProjection } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { control, expect, expectNoAccessibilityViolation, PEOPLE, readApi, test, today } from './fixtures'
import { SITE_HEADERS, sitesCsv, type SiteRow } from './bulk-order-sheet'

/**
 * Ordering many sites from a spreadsheet (docs/decisions/0035-bulk-order.md): the preview names exactly the wrong
 * cells, a fix in place counts, every valid row is created exactly once across a reload and the sandbox's faults, and
 * the report lists every row of the file.
 */
test.use({ locale: 'en-GB' })
test.setTimeout(180_000)

test.afterEach(async ({ request }) => {
  await control(request, 'delete', '/faults')
})

/** A run's own references: 11 characters, so that 19 ones are easy to make. */
const runPrefix = () => `E${Date.now().toString(36).toUpperCase().slice(-6)}`

async function openPage(page: Page) {
  await page.goto('/bulk-order?item=CI-INTERNET-ACCESS')
  await expect(page.getByRole('heading', { name: 'Order from a spreadsheet', level: 1 })).toBeVisible()
  await expect(page.getByLabel('What to order')).toHaveValue('CI-INTERNET-ACCESS', { timeout: 20_000 })
}

async function chooseFile(page: Page, name: string, mimeType: string, content: string | Buffer) {
  await page
    .getByLabel('Spreadsheet file (CSV or XLSX)')
    .setInputFiles({ name, mimeType, buffer: typeof content === 'string' ? Buffer.from(content, 'utf-8') : content })
}

async function requestsOf(page: Page, prefix: string) {
  const response = await readApi(page, `/api/ordering/v3/requests?customerReference=${encodeURIComponent(`${prefix}*`)}&fields=id,customerReference&limit=100`)
  return z.array(ZRequestProjection).parse(await response.json())
}

test('50 rows with 3 bad ones: exactly those cells are named; one fixed in place; 48 created once each across a reload; all 50 in the report', async ({
  page,
  signIn,
  request,
}) => {
  await signIn(PEOPLE.alice)
  await openPage(page)
  const prefix = runPrefix()
  const good = addDaysToIsoDate(today(), 12)
  const rows: SiteRow[] = Array.from({ length: 50 }, (_, index) => ({
    date: good,
    reference: `${prefix}-${String(index + 1).padStart(2, '0')}`,
    bandwidth: '100',
  }))
  rows[6] = { ...rows[6]!, date: addDaysToIsoDate(today(), 3) }
  rows[19] = { ...rows[19]!, reference: `${prefix}-20-ABCDEFG`.padEnd(19, 'X').slice(0, 19) }
  rows[32] = { ...rows[32]!, bandwidth: '150' }
  expect(rows[19]!.reference).toHaveLength(19)

  await chooseFile(page, 'sites.csv', 'text/csv', sitesCsv(rows))
  await expect(page.getByText('sites.csv: 50 rows, 47 ready, 3 with problems.')).toBeVisible({ timeout: 30_000 })
  const wrong = page.getByRole('textbox', { name: /^Row \d+: / })
  await expect(wrong).toHaveCount(3)
  await expect(page.getByRole('textbox', { name: 'Row 7: Requested date' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Row 20: Your reference' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Row 33: .*Bandwidth/ })).toBeVisible()
  await expectNoAccessibilityViolation(page, 'the preview')

  const bandwidth = page.getByRole('textbox', { name: /^Row 33: .*Bandwidth/ })
  await bandwidth.fill('100')
  await bandwidth.press('Enter')
  await expect(page.getByText('sites.csv: 50 rows, 48 ready, 2 with problems.')).toBeVisible()
  // The same file chosen again: the fix typed in place still applies, its cell being as it was in the file.
  await chooseFile(page, 'sites.csv', 'text/csv', sitesCsv(rows))
  await expect(page.getByText(/^Kept 1 fix you typed here, its cell unchanged in this file: Row 33: .*Bandwidth/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('sites.csv: 50 rows, 48 ready, 2 with problems.')).toBeVisible()

  // Slow POSTs, so that the reload comes in the middle of the send, some rows in flight.
  await control(request, 'post', '/faults', { kind: 'latency', latencyMs: 1_500, path: '/requests', method: 'POST', count: 48 })
  await page.getByRole('button', { name: 'Send 48 requests' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^([6-9]|[1-3]\d) of 48 sent/ })).toBeVisible({ timeout: 60_000 })
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: /Done: 48 created, of 50 rows\./ })).toBeVisible({ timeout: 120_000 })

  const report = page.getByRole('table', { name: "Outcome of each of the file's 50 rows" })
  await expect(report.getByRole('row')).toHaveCount(51)
  await expect(report.getByRole('link', { name: /^REQ\d{8}$/ })).toHaveCount(48)
  await expect(report.getByText('Not sent: the row had problems')).toHaveCount(2)
  await expectNoAccessibilityViolation(page, 'the report')

  const created = await requestsOf(page, prefix)
  const references = created.map((one) => one.customerReference)
  expect(new Set(references).size).toBe(references.length)
  expect(references.sort()).toEqual(
    rows
      .filter((_, index) => index !== 6 && index !== 19)
      .map((row) => row.reference)
      .sort(),
  )

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the report (CSV)' }).click()
  const csv = await readFile(await (await download).path(), 'utf-8')
  expect(csv).toContain('Row,Customer reference,Request,Outcome,Request id to quote')
  expect(csv.trim().split('\r\n')).toHaveLength(51)
  const xlsx = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the report (XLSX)' }).click()
  const workbook = await readXlsxFile(await (await xlsx).path())
  expect(workbook[0]!.data).toHaveLength(51)
  expect(workbook[0]!.data.filter((line) => /^REQ\d{8}$/.test(String(line[2])))).toHaveLength(48)

  // The batch is a saved view of the list: the report links to it, and the list's saved views hold it.
  const view = page.getByRole('link', { name: /^Follow these requests in the list: saved view “Batch Business internet access, / })
  await expect(view).toHaveAttribute('href', new RegExp(`customerReference=${prefix}`))
  await view.click()
  await expect(page).toHaveURL(new RegExp(`/requests\\?customerReference=${prefix}`))
  const saved = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('ordering-console.views.'))
      .map((key) => localStorage.getItem(key) ?? '')
      .join(''),
  )
  expect(saved).toContain(`customerReference=${prefix}`)
})

test('a lost network stops the send where it stands; back online, it resumes by itself and each row is created once', async ({
  page,
  signIn,
  request,
  context,
}) => {
  await signIn(PEOPLE.alice)
  await openPage(page)
  const prefix = runPrefix()
  const rows = Array.from({ length: 16 }, (_, index) => ({ date: addDaysToIsoDate(today(), 10), reference: `${prefix}-${index + 1}`, bandwidth: '50' }))
  await chooseFile(page, 'offline.csv', 'text/csv', sitesCsv(rows))
  await expect(page.getByText('offline.csv: 16 rows, 16 ready, 0 with problems.')).toBeVisible({ timeout: 30_000 })
  await control(request, 'post', '/faults', { kind: 'latency', latencyMs: 1_500, path: '/requests', method: 'POST', count: 16 })
  await page.getByRole('button', { name: 'Send 16 requests' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^([1-9]|1[0-5]) of 16 sent/ })).toBeVisible({ timeout: 60_000 })
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: /^The network is lost: \d+ of 16 sent\./ })).toBeVisible()
  await expectNoAccessibilityViolation(page, 'the send, offline')
  await page.waitForTimeout(2_000)
  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: /^Done: 16 created, of 16 rows\./ })).toBeVisible({ timeout: 120_000 })
  const references = (await requestsOf(page, prefix)).map((one) => one.customerReference)
  expect(references.sort()).toEqual(rows.map((row) => row.reference).sort())
})

test('an XLSX file of 20 rows (dates as dates, bandwidth as numbers): 20 created, once each, and the XLSX template downloads', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openPage(page)
  const xlsxTemplate = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the template (XLSX)' }).click()
  expect((await xlsxTemplate).suggestedFilename()).toBe('order-ci-internet-access-template.xlsx')
  const prefix = runPrefix()
  const date = new Date(`${addDaysToIsoDate(today(), 15)}T00:00:00Z`)
  const data = [
    SITE_HEADERS.map((value) => ({ value })),
    ...Array.from({ length: 20 }, (_, index) => [
      { value: date, type: Date, format: 'dd/mm/yyyy' },
      { value: `${prefix}-X${index + 1}` },
      { value: 'ACM-000101' },
      { value: `${index + 1} quai de la Fosse` },
      { value: '44000' },
      { value: 'Nantes' },
      { value: 'FR' },
      { value: 'Ada' },
      { value: 'Lovelace' },
      { value: 'BA-9' },
      { value: 200, type: Number },
    ]),
  ]
  const buffer = await writeXlsxFile(data).toBuffer()
  await chooseFile(page, 'sites.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer)
  await expect(page.getByText('sites.xlsx: 20 rows, 20 ready, 0 with problems.')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Send 20 requests' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Done: 20 created, of 20 rows\./ })).toBeVisible({ timeout: 60_000 })
  const references = (await requestsOf(page, `${prefix}-X`)).map((one) => one.customerReference)
  expect(references).toHaveLength(20)
  expect(new Set(references).size).toBe(20)
})

test('a 503 burst and a POST slower than the form’s 30 s during the send: each valid row still created exactly once', async ({ page, signIn, request }) => {
  // The browser's clock runs on (page.clock): the form's 30 s wait for the slow POST passes in a moment, and the
  // operator answers it 10 s of real time after it came, when the form has stopped waiting and is checking.
  await page.clock.install()
  await signIn(PEOPLE.alice)
  await openPage(page)
  const prefix = runPrefix()
  const rows = Array.from({ length: 12 }, (_, index) => ({ date: addDaysToIsoDate(today(), 10), reference: `${prefix}-${index + 1}`, bandwidth: '50' }))
  await chooseFile(page, 'faults.csv', 'text/csv', sitesCsv(rows))
  await expect(page.getByText('faults.csv: 12 rows, 12 ready, 0 with problems.')).toBeVisible({ timeout: 30_000 })
  const cut: string[] = []
  page.on('requestfailed', (failed) => {
    if (failed.method() === 'POST' && new URL(failed.url()).pathname === '/api/ordering/v3/requests') cut.push(failed.failure()?.errorText ?? '')
  })
  await control(request, 'post', '/faults', { kind: 'latency', latencyMs: 10_000, path: '/requests', method: 'POST', count: 1 })
  await control(request, 'post', '/faults', { kind: 'unavailable', path: '/requests', method: 'POST', count: 3 })
  await page.getByRole('button', { name: 'Send 12 requests' }).click()
  // Every row but the slow one created (the three refused ones sent again): the form's 30 s pass for that one.
  await expect(page.getByRole('status').filter({ hasText: /^11 of 12 sent/ })).toBeVisible({ timeout: 30_000 })
  await page.clock.fastForward(30_000)
  await expect(page.getByRole('status').filter({ hasText: /^Done: 12 created, of 12 rows\./ })).toBeVisible({ timeout: 60_000 })
  expect(cut, 'the POST the form stopped waiting for').toHaveLength(1)
  const references = (await requestsOf(page, prefix)).map((one) => one.customerReference)
  expect(references.sort()).toEqual(rows.map((row) => row.reference).sort())
})

test('a file of another kind, one over the limits and one with unknown columns are refused with a sentence saying what to fix', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openPage(page)
  await chooseFile(page, 'photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))
  await expect(page.getByRole('alert')).toHaveText(/“photo\.png” is not a spreadsheet this page reads: save it as CSV/)
  await chooseFile(page, 'sites.csv', 'text/csv', `${SITE_HEADERS.join(',')}\n${'x,\n'.repeat(1001)}`)
  await expect(page.getByRole('alert')).toHaveText('The file has 1,001 rows, and at most 1,000 are taken at once: split it into several files.')
  await chooseFile(page, 'sites.csv', 'text/csv', 'requestedAt,Colour\n2030-01-01,red\n')
  await expect(page.getByRole('alert')).toHaveText(/These columns are not fields of “Business internet access”: Colour\./)
})

test('the template: columns in the person’s language, required ones marked, nested ones by path; a read-only person checks but never sends', async ({
  page,
  signIn,
}) => {
  await signIn(PEOPLE.marc, { path: '/catalog/CI-INTERNET-ACCESS' })
  await page.getByRole('link', { name: /Download the template/ }).click()
  await expect(page.getByLabel('What to order')).toHaveValue('CI-INTERNET-ACCESS', { timeout: 20_000 })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the template (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('order-ci-internet-access-template.csv')
  const text = await readFile(await file.path(), 'utf-8')
  expect(text).toContain('Location › Address › City *')
  expect(text).toMatch(/# Requested date: on or after/)
  await chooseFile(page, 'sites.csv', 'text/csv', sitesCsv([{ date: addDaysToIsoDate(today(), 12), reference: runPrefix(), bandwidth: '100' }]))
  await expect(page.getByText('sites.csv: 1 row, 1 ready, 0 with problems.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Your access lets you read requests, not create them')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Send / })).toHaveCount(0)
})

test('the page at 390 px, in French: nothing wider than the window, and axe finds nothing', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openPage(page)
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { name: 'Commander depuis un tableur', level: 1 })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(page.getByRole('button', { name: 'Télécharger le modèle (CSV)' })).toBeVisible()
  await expectNoAccessibilityViolation(page, 'the page in French at 390 px')
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
})
