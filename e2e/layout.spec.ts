import type { Locator, Page } from '@playwright/test'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import { catalogItems, expect, expectNoAccessibilityViolation, expectNoSidewaysScroll, expectNoTypeCode, getJson, PEOPLE, test } from './fixtures'

/**
 * The layout at every width a person meets, from a small phone to a wide desk (docs/decisions/0033-layout-at-every-width.md):
 * no word cut in two inside a table, the requests' key fields on a phone's screen without scrolling sideways, charts
 * that can be read and tapped, no type code on the catalog's and the requests' pages, a cancelled request that reads
 * as cancelled, and a title of its own for every page, in English and in French. Axe on the dashboard, the overdue view
 * and the list at the other widths here; at 390 and 1366 px, on every page in light and dark, in every-page.spec.ts.
 */
const WIDTHS = [360, 390, 768, 1366, 1920] as const
const PHONES = [360, 390] as const
/** Widths at which every-page.spec.ts scans every page with axe, in light and dark: not scanned again here. */
const AXE_ELSEWHERE = new Set<number>([390, 1366])

/** The words of the page's tables whose text runs over two lines: none may (a word's rectangles on one line). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = []
    for (const cell of document.querySelectorAll('main table th, main table td, main table caption')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0)
          const lines = rects.filter((rect, index) => index === 0 || rect.top >= rects[index - 1]!.bottom - 1)
          if (lines.length > 1) broken.push(`“${word[0]}” in “${(cell.textContent ?? '').trim().slice(0, 60)}”`)
        }
      }
    }
    return broken
  })
}

/** The box is whole inside the window's width. */
async function expectInsideWidth(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox()
  expect(box, what).not.toBeNull()
  expect(box!.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what} ends inside the window`).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5)
}

/** The cell of `row` under the column header named `column` (the row's header cell first, then its data cells). */
async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  const names = (await table.getByRole('columnheader').allTextContents()).map((name) => name.replace(/[▲▼↕]/g, '').trim())
  const index = names.indexOf(column)
  expect(index, `column ${column} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0)
  return row.locator(':scope > th, :scope > td').nth(index)
}

for (const width of WIDTHS) {
  test(`at ${width} px no word is cut inside a table, nothing scrolls sideways, the charts read and tap, no type code shows, and axe finds nothing`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000)
    await signIn(PEOPLE.alice)
    await page.setViewportSize({ width, height: 900 })
    const codes = (await catalogItems(page)).map((item) => item.type)
    const cancellation = (await getJson(page.request, '/requests?category=cancellation&limit=50', z.array(ZRequest))).find((r) => r.relatedRequestId)
    expect(cancellation).toBeDefined()
    // Every page's title, read once its heading is there: seven pages, seven titles (0033).
    const titles: string[] = []
    const keepTitle = async () => {
      await expect.poll(() => page.title()).not.toBe('Ordering Console')
      titles.push(await page.title())
    }

    await page.goto('/')
    const byStatus = page.getByRole('group', { name: 'Requests by status' })
    await expect(byStatus.getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('group', { name: 'Requests by type' }).getByRole('link').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    for (const chart of await page.locator('.bar-chart').all()) {
      const card = await chart.boundingBox()
      for (const link of await chart.getByRole('group').getByRole('link').all()) {
        const name = await link.getAttribute('aria-label')
        const box = (await link.boundingBox())!
        expect(box.height, `${name}: its row is a tap target (${JSON.stringify(box)})`).toBeGreaterThanOrEqual(24)
        expect(box.width, `${name}: its row is a tap target (${JSON.stringify(box)})`).toBeGreaterThanOrEqual(24)
        const label = link.locator('.bar-chart__label')
        const fontSize = await label.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
        expect(fontSize, `${name}: its label`).toBeGreaterThanOrEqual(12)
        const labelBox = (await label.boundingBox())!
        expect(labelBox.x, `${name}: its label inside the card`).toBeGreaterThanOrEqual(card!.x - 0.5)
        expect(labelBox.x + labelBox.width, `${name}: its label inside the card`).toBeLessThanOrEqual(card!.x + card!.width + 0.5)
        const bar = (await link.locator('.bar-chart__bar').boundingBox())!
        expect(bar.height, `${name}: its bar`).toBeGreaterThanOrEqual(24)
      }
    }
    expect(await brokenWords(page), 'the dashboard').toEqual([])
    await expectNoSidewaysScroll(page)
    await keepTitle()
    if (!AXE_ELSEWHERE.has(width)) await expectNoAccessibilityViolation(page, `axe on the dashboard at ${width} px`)

    await page.goto('/overdue')
    await expect(
      page
        .getByRole('table', { name: /overdue requests?, the most days late first$/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await brokenWords(page), 'the overdue view').toEqual([])
    await expectNoSidewaysScroll(page)
    await keepTitle()
    if (!AXE_ELSEWHERE.has(width)) await expectNoAccessibilityViolation(page, `axe on the overdue view at ${width} px`)

    await page.goto('/requests')
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await brokenWords(page), 'the list').toEqual([])
    // A name cut to one line keeps whole the part that tells requests apart (the site), not the type it repeats.
    const cutSites = await page.evaluate(() =>
      [...document.querySelectorAll('main table td .request-name__rest')]
        .filter((rest) => rest.scrollWidth > rest.clientWidth + 1)
        .map((rest) => rest.textContent),
    )
    expect(cutSites, 'the sites cut in the names').toEqual([])
    await expectNoSidewaysScroll(page)
    await keepTitle()
    if (!AXE_ELSEWHERE.has(width)) await expectNoAccessibilityViolation(page, `axe on the list at ${width} px`)

    await page.goto('/api')
    await expect(page.getByRole('table', { name: 'Operations' })).toBeVisible()
    expect(await brokenWords(page), 'the API page').toEqual([])
    await expectNoSidewaysScroll(page)
    await keepTitle()

    await page.goto('/catalog')
    await expect(page.getByRole('heading', { level: 2, name: 'Order something new' })).toBeVisible()
    await expectNoTypeCode(page, codes, 'the catalog')
    await expectNoSidewaysScroll(page)
    await keepTitle()

    await page.goto('/catalog/CI-BVPN-SITE')
    await expect(page.getByRole('link', { name: 'Fill in the request' })).toBeVisible()
    await expectNoTypeCode(page, codes, 'a catalog item')
    await expectNoSidewaysScroll(page)
    await keepTitle()

    // A request its customer cancelled reads as cancelled, leads to what cancelled it, and offers no resubmission (0034).
    await page.goto(`/requests/${cancellation!.relatedRequestId}`)
    const cancelled = page.getByRole('region', { name: 'This request was cancelled' })
    await expect(cancelled.getByRole('link', { name: cancellation!.id })).toHaveAttribute('href', `/requests/${cancellation!.id}`)
    await expectInsideWidth(page, cancelled, 'the cancelled notice')
    await expect(page.getByText('The operator rejected', { exact: false })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Fix and resubmit' })).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(await brokenWords(page), 'the cancelled request').toEqual([])
    await expectNoTypeCode(page, codes, 'the cancelled request')
    await expectNoSidewaysScroll(page)
    await keepTitle()
    expect(new Set(titles).size, titles.join(' | ')).toBe(titles.length)
  })
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
  await signIn(PEOPLE.alice)
  await page.goto('/requests')
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
