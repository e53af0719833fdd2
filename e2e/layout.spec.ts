import type { Locator } from '@playwright/test'
import { expect, expectInsideWidth, PEOPLE, test } from './fixtures'

/**
 * The layout of the requests on a phone's screen, and the pages' titles in English and in French
 * (docs/decisions/0033-layout-at-every-width.md): the requests' key fields on screen without scrolling sideways, and a
 * title of its own for every page. The checks of every page at every width (words, charts, type codes, axe):
 * every-page.spec.ts.
 */
const PHONES = [360, 390] as const

/** The cell of `row` under the column header named `column` (the row's header cell first, then its data cells). */
async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  const names = (await table.getByRole('columnheader').allTextContents()).map((name) => name.replace(/[▲▼↕]/g, '').trim())
  const index = names.indexOf(column)
  expect(index, `column ${column} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0)
  return row.locator(':scope > th, :scope > td').nth(index)
}

for (const width of PHONES) {
  test(`at ${width} px the list and the overdue view show each request’s id, name, status, date and delay on screen`, async ({ page, signIn }) => {
    await signIn(PEOPLE.marc)
    await page.setViewportSize({ width, height: 844 })

    await page.goto('/requests')
    const list = page.getByRole('table')
    const rows = list.getByRole('row')
    await expect(rows.nth(1)).toBeVisible()
    for (let index = 1; index <= 3; index++) {
      const row = rows.nth(index)
      await expectInsideWidth(page, row.getByRole('rowheader').getByRole('link'), `row ${index}: its id`)
      for (const column of ['Name', 'Status', 'Requested for', 'Delay']) {
        const cell = await cellOf(list, row, column)
        await expect(cell).toBeVisible()
        await expectInsideWidth(page, cell, `row ${index}: its ${column}`)
      }
    }

    await page.goto('/overdue')
    const overdue = page.getByRole('table', { name: /overdue requests?, the most days late first$/ })
    await expect(overdue.getByRole('row').nth(1)).toBeVisible()
    await expectInsideWidth(page, overdue.locator('caption'), 'the caption')
    const firstRequest = overdue.getByRole('row').filter({ has: page.getByRole('rowheader').getByRole('link') })
    for (let index = 0; index < 3; index++) {
      const row = firstRequest.nth(index)
      await expectInsideWidth(page, row.getByRole('rowheader').getByRole('link'), `overdue row ${index}: its id`)
      for (const column of ['Name', 'Status', 'Requested for', 'Days late']) {
        const cell = await cellOf(overdue, row, column)
        await expect(cell).toBeVisible()
        await expectInsideWidth(page, cell, `overdue row ${index}: its ${column}`)
      }
    }
  })
}

test('every page has a title of its own, in English and in French, a request’s with its id and name', async ({ page, signIn }) => {
  test.setTimeout(120_000)
  await signIn(PEOPLE.alice, { path: '/requests' })
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  const requestPath = (await page.getByRole('table').getByRole('rowheader').getByRole('link').first().getAttribute('href'))!
  await page.goto('/catalog')
  const item = page.getByRole('main').locator('a[href^="/catalog/"]').first()
  await expect(item).toBeVisible()
  const itemPath = (await item.getAttribute('href'))!
  const paths = ['/', '/overdue', '/requests', '/requests/new', '/catalog', itemPath, requestPath, '/me', '/api', '/cloud', '/no-such-page']

  let headingOfRequest = ''
  const titlesIn = async () => {
    const titles = new Map<string, string>()
    for (const path of paths) {
      await page.goto(path)
      const heading = page.getByRole('heading', { level: 1 })
      await expect(heading).toBeVisible()
      await expect.poll(() => page.title(), { message: `the title of ${path}` }).not.toBe('Ordering Console')
      titles.set(path, await page.title())
      if (path === requestPath) headingOfRequest = (await heading.innerText()).trim()
    }
    return titles
  }

  const english = await titlesIn()
  expect(new Set(english.values()).size, [...english.values()].join(' | ')).toBe(paths.length)
  const id = decodeURIComponent(requestPath.split('/').pop()!)
  expect(english.get(requestPath)).toContain(id)
  expect(english.get(requestPath)).toContain(headingOfRequest)

  await page.getByLabel('Language').selectOption('fr')
  const french = await titlesIn()
  expect(new Set(french.values()).size, [...french.values()].join(' | ')).toBe(paths.length)
  for (const path of ['/', '/overdue', '/requests', '/catalog', '/me']) expect(french.get(path), path).not.toBe(english.get(path))
})
