import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { expect, expectNoAccessibilityViolation, PEOPLE, test, today } from './fixtures'

/**
 * Ordering from a spreadsheet against the alternate dialect (docs/decisions/0035-bulk-order.md,
 * docs/decisions/0029-second-dialect.md): an item the operator publishes with no JSON Schema gets the generic form's
 * columns (its details as `key=value` entries) and is ordered; an item whose schema nests sites gets columns by path.
 */
test.use({ locale: 'en-GB' })
test.setTimeout(120_000)
// The items below are the alternate's own: under the default sandbox (every spec runs there too) there is nothing to test.
test.skip(({ dialect }) => dialect !== 'alternate', 'the alternate dialect’s items')

async function openItem(page: Page, item: string) {
  await page.goto(`/bulk-order?item=${item}`)
  await expect(page.getByLabel('What to order')).toHaveValue(item, { timeout: 20_000 })
}

async function templateText(page: Page): Promise<string> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the template (CSV)' }).click()
  return readFile(await (await download).path(), 'utf-8')
}

test('an item with no JSON Schema: the generic form’s columns, its details as entries; three rows created', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openItem(page, 'CI-ON-SITE-SURVEY')
  const template = await templateText(page)
  expect(template).toContain('Requested date *,Your reference,Contract *,Comment,Request details')
  expect(template).toContain('# Request details: entries as key=value, separated by |')
  const prefix = `ALT${Date.now().toString(36).toUpperCase().slice(-6)}`
  const date = addDaysToIsoDate(today(), 10)
  const csv = [
    'Requested date,Your reference,Contract,Request details',
    ...[1, 2, 3].map((n) => `${date},${prefix}-${n},ACM-000101,floor=${n} | access=badge`),
  ].join('\n')
  await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({ name: 'survey.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('survey.csv: 3 rows, 3 ready, 0 with problems.')).toBeVisible({ timeout: 30_000 })
  await expectNoAccessibilityViolation(page, 'the preview of an item with no schema')
  await page.getByRole('button', { name: 'Send 3 requests' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Done: 3 created, of 3 rows\./ })).toBeVisible({ timeout: 60_000 })
})

test('an item whose schema nests two sites: columns by path, required ones marked', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openItem(page, 'CI-DARK-FIBRE')
  const template = await templateText(page)
  expect(template).toContain('First site › Address › City *')
  expect(template).toContain('Second site › Site name *')
})
