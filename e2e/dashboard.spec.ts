import type { Page } from '@playwright/test'
import { z } from 'zod'
import { ZRequestProjection } from '../contract/request'
import { ZAggregateResponse } from '../contract/request-query'
import { expect, expectNoAccessibilityViolation, PEOPLE, readApi, test } from './fixtures'

const API = '/api/ordering/v3/requests'
const number = (n: number) => new Intl.NumberFormat('en').format(n)

/** The sandbox's own answer, through the gateway with the browser's session (not the page's figures). */
async function sandbox(page: Page, query: string) {
  return readApi(page, `${API}${query}`)
}

test('the account manager sees the sandbox counts by status; the REJECTED bar opens the list with the same total', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const chart = page.getByRole('group', { name: 'Requests by status' })
  await expect(chart).toBeVisible()

  const counts = ZAggregateResponse.parse(await (await sandbox(page, '/aggregate?groupBy=status')).json())
  expect(Object.keys(counts)).toEqual(['NEW', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'])
  const labels = { NEW: 'New', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', REJECTED: 'Rejected' } as const
  for (const [status, label] of Object.entries(labels)) {
    await expect(chart.getByRole('link', { name: `${label}: ${number(counts[status]!)} requests`, exact: true })).toBeVisible()
  }
  // The same figures as a table, for whoever does not read the bars.
  const table = page.getByRole('table', { name: 'Requests by status, as a table' })
  await expect(table.getByRole('row', { name: new RegExp(`^Rejected ${number(counts.REJECTED!)} `) })).toBeVisible()
  await expect(page.getByText(/^Updated at /)).toBeVisible()
  await expectNoAccessibilityViolation(page)

  await chart.getByRole('link', { name: /^Rejected: / }).click()
  await expect(page).toHaveURL(/\/requests\?status=REJECTED$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
  const listTotal = Number((await sandbox(page, '?status=REJECTED&limit=1&fields=id')).headers()['x-total-count'])
  expect(listTotal).toBe(counts.REJECTED)
  await expect(page.getByRole('status').filter({ hasText: `${number(counts.REJECTED!)} requests found` })).toBeVisible()
})

test('the breakdown groups by the chosen field, narrowed by the filters, and keeps them in its links', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  await page.getByRole('button', { name: 'Edit filters' }).click()
  const filters = page.getByRole('region', { name: 'Filters' })
  await filters.getByRole('combobox', { name: 'Archived' }).selectOption({ label: 'Not archived' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Step' })
  await expect(page).toHaveURL(/\/\?isArchived=false&groupBy=step$/)
  const chart = page.getByRole('group', { name: 'Requests by step' })
  const counts = ZAggregateResponse.parse(await (await sandbox(page, '/aggregate?groupBy=step&isArchived=false')).json())
  await expect(chart.getByRole('link', { name: `Delivery: ${number(counts.DELIVERY!)} requests`, exact: true })).toBeVisible()
  await expectNoAccessibilityViolation(page)

  await chart.getByRole('link', { name: /^Delivery: / }).click()
  await expect(page).toHaveURL(/\/requests\?step=DELIVERY&isArchived=false$/)
  await expect(page.getByRole('button', { name: 'Remove filter Step: Delivery' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: `${number(counts.DELIVERY!)} requests found` })).toBeVisible()
})

test('the overdue view lists only overdue requests, in order of lateness; its chart counts them per type', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overdue' }).click()
  await expect(page).toHaveURL(/\/overdue$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Overdue requests' })).toBeVisible()
  const table = page.getByRole('table', { name: /overdue requests?, the most days late first$/ })
  await expect(table).toBeVisible()

  const ids = await table.locator('tbody tr th[scope="row"] a').allTextContents()
  const late = (await table.locator('tbody tr td:last-child').allTextContents()).map(Number)
  expect(ids.length).toBeGreaterThan(1)
  for (let i = 1; i < late.length; i++) expect(late[i]).toBeLessThanOrEqual(late[i - 1]!)

  // The sandbox, asked directly: every row is overdue and still open, and none is missing.
  const overdue = z
    .array(ZRequestProjection)
    .parse(await (await sandbox(page, '?isOverdue=true&status=NEW,IN_PROGRESS&sort=keyDates.requestedAt&limit=100&fields=id,isOverdue,status,type')).json())
  expect(ids).toEqual(overdue.map((request) => request.id))
  for (const id of ids) {
    const request = ZRequestProjection.parse(await (await readApi(page, `${API}/${id}`)).json())
    expect(request.isOverdue, id).toBe(true)
  }

  const byType = page.getByRole('group', { name: 'Overdue requests by type' })
  const counts = ZAggregateResponse.parse(await (await sandbox(page, '/aggregate?groupBy=type&isOverdue=true&status=NEW,IN_PROGRESS')).json())
  const catalog = (await (await readApi(page, '/api/ordering/v3/catalogItems?limit=100')).json()) as { type: string; name: string }[]
  for (const [type, count] of Object.entries(counts)) {
    const name = catalog.find((item) => item.type === type)?.name
    await expect(byType.getByRole('link', { name: `${name}: ${number(count)} ${count === 1 ? 'request' : 'requests'}`, exact: true })).toBeVisible()
  }
  await expectNoAccessibilityViolation(page)

  await page.getByRole('combobox', { name: 'Group the list by' }).selectOption({ label: 'Type' })
  await expect(table.locator('th[scope="rowgroup"]')).toHaveCount(Object.keys(counts).length)
  await expectNoAccessibilityViolation(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export to CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^overdue-requests-\d{4}-\d{2}-\d{2}\.csv$/)
})
