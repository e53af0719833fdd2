import type { Page } from '@playwright/test'
import {
  catalogItems,
  control,
  expect,
  expectHydrated,
  expectNoAccessibilityViolation,
  expectNoSidewaysScroll,
  expectNoTypeCode,
  PEOPLE,
  readApi,
  test,
} from './fixtures'

/**
 * The list, the dashboard, the overdue view and a request page at a desk (1366×768) and on a phone (390×844):
 * nothing scrolls sideways, the list's first request is above the fold, and names, never type codes (docs/decisions/0025).
 * Axe scans these pages at both sizes, in light and dark, in every-page.spec.ts.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const

async function requestType(page: Page, id: string) {
  return ((await (await readApi(page, `/api/ordering/v3/requests/${id}`)).json()) as { type: string }).type
}

test('list, dashboard, overdue view and request page fit both widths and say types by name', async ({ page, signIn }) => {
  test.setTimeout(120_000)
  await signIn(PEOPLE.marc, { path: '/requests' })
  const catalog = await catalogItems(page)
  const codes = catalog.map((item) => item.type)
  const firstId = (await page.locator('table tbody tr th a').first().textContent())!
  const firstType = await requestType(page, firstId)
  const firstTypeName = catalog.find((item) => item.type === firstType)?.name ?? firstType
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/requests')
    const firstRow = page
      .getByRole('table', { name: /^Requests matching the filters/ })
      .locator('tbody tr')
      .first()
    await expect(firstRow).toBeVisible()
    if (size.width === 1366) {
      // Above the fold without scrolling: the filters are folded into one line of chips.
      const box = (await firstRow.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(size.height)
    }
    await expectNoSidewaysScroll(page)

    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Key figures' }).getByRole('link').first()).toContainText(/\d/)
    await expect(page.getByRole('group', { name: 'Requests by type' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Requests by type, as a table' }).locator('tbody tr').first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoTypeCode(page, codes)

    await page.goto('/overdue')
    await expect(
      page
        .getByRole('table', { name: /the most days late first$/ })
        .locator('tbody tr')
        .first(),
    ).toBeVisible()
    await expect(page.getByRole('group', { name: 'Overdue requests by type' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoTypeCode(page, codes)

    await page.goto(`/requests/${firstId}`)
    await expect(page.getByRole('heading', { level: 2, name: 'Progress' })).toBeVisible()
    // Never the code, not even before the catalog answers (docs/decisions/0025, amended 2026-11-27): at once, then by name.
    await expectNoTypeCode(page, codes)
    await expect(page.locator('main').getByText(firstTypeName, { exact: true }).first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoTypeCode(page, codes)
  }
})

test('while the catalog is slow, each type holds its place with a placeholder, never its code, then reads by name', async ({ page, signIn, request }) => {
  test.setTimeout(120_000)
  await signIn(PEOPLE.marc, { path: '/requests' })
  const codes = (await catalogItems(page)).map((item) => item.type)
  const firstId = (await page.locator('table tbody tr th a').first().textContent())!
  const placeholders = page.locator('main').getByText('Loading the type’s name…')
  // Every catalog call waits 4 s: the first view cannot wait for it (0026), and the page's own call is pending for sure.
  await control(request, 'post', '/faults', { kind: 'latency', path: '/catalogItems', method: 'GET', seconds: 120, latencyMs: 4_000 })
  try {
    for (const size of SIZES) {
      await page.setViewportSize(size)
      const pages = [
        {
          path: '/requests',
          shown: page
            .getByRole('table', { name: /^Requests matching the filters/ })
            .locator('tbody tr')
            .first(),
        },
        {
          path: '/overdue',
          shown: page
            .getByRole('table', { name: /the most days late first$/ })
            .locator('tbody tr')
            .first(),
        },
        { path: `/requests/${firstId}`, shown: page.getByRole('heading', { level: 2, name: 'Progress' }) },
        { path: '/', shown: page.getByRole('heading', { level: 2, name: 'Latest changes' }) },
      ]
      // On a phone, the pages whose types change their layout there: the list's cards and the request's fields.
      for (const { path, shown } of size.width === 390 ? pages.filter(({ path }) => path.startsWith('/requests')) : pages) {
        await page.goto(path)
        await expect(shown).toBeVisible()
        await expect(placeholders.first(), path).toBeAttached()
        await expectNoTypeCode(page, codes, `${path} at ${size.width} px, catalog pending`)
        if (path === '/requests' || path.startsWith('/requests/')) await expectNoAccessibilityViolation(page, `${path} at ${size.width} px, catalog pending`)
        await expect(placeholders, path).toHaveCount(0, { timeout: 15_000 })
        await expectNoTypeCode(page, codes, `${path} at ${size.width} px, named`)
      }
    }
  } finally {
    await control(request, 'delete', '/faults')
  }
})

test('"All requests" on a request page returns to the filtered, sorted page the person came from; a row opens its request', async ({ page, signIn }) => {
  const view = '/requests?status=IN_PROGRESS&sort=name&page=2'
  await signIn(PEOPLE.alice, { path: view })
  const table = page.getByRole('table', { name: /^Requests matching the filters/ })
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  const row = table.locator('tbody tr').nth(2)
  const id = (await row.locator('th a').textContent())!
  // A click on the row, away from the link, follows the link.
  await row.locator('td').first().click()
  await expect(page).toHaveURL(new RegExp(`/requests/${id}$`))
  await page.getByRole('link', { name: 'All requests' }).click()
  await expect(page).toHaveURL(new RegExp(`${view.replace(/[?]/g, '\\?')}$`))
  await expect(page.getByRole('button', { name: 'Remove filter Status: In progress' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText(/^Showing 21–40 of /)).toBeVisible()
})

test('a saved view round-trips through its link and the navigation; a date preset fills its range and stays a preset', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests?status=REJECTED&sort=name' })
  await page.getByRole('button', { name: 'Edit filters' }).click()
  const requested = page.getByRole('group', { name: 'Requested date', exact: true })
  await requested.getByRole('button', { name: 'Last 30 days' }).click()
  await expect(requested.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true')
  const from = await requested.getByLabel('From').inputValue()
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  // The preset, not its days, is in the address: a view saved with it is the last 30 days of the day it is opened.
  await expect(page).toHaveURL(/\?status=REJECTED&requestedPreset=last30&sort=name$/)
  await expect(page.getByRole('button', { name: 'Remove filter Requested date: Last 30 days' })).toBeVisible()

  await page.getByText('Save this view', { exact: true }).click()
  await page.getByLabel('Name of the view').fill('Rejected lately')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/^View “Rejected lately” saved/)).toBeVisible()
  const link = page.getByRole('list', { name: 'Your saved views' }).getByRole('link', { name: 'Rejected lately' })
  const href = (await link.getAttribute('href'))!
  expect(href).toMatch(/columns=/)

  // The link alone, opened again: the same filters, sort and columns.
  await page.goto('/requests')
  await page.goto(href)
  await expect(page.getByRole('button', { name: 'Remove filter Status: Rejected' })).toBeVisible()
  await expect(page.getByRole('table', { name: /^Requests matching the filters/ }).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  expect(new URL(page.url()).searchParams.get('requestedPreset')).toBe('last30')
  expect(new URL(page.url()).searchParams.get('requestedFrom')).toBeNull()

  // And from the navigation, on another page.
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByText('Views').click()
  await nav.getByRole('link', { name: 'Rejected lately' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter Status: Rejected' })).toBeVisible()
})

test('at a desk every column of the list is in view; with every column the table scrolls in its own box, by keyboard too, the request id kept in view', async ({
  page,
  signIn,
}) => {
  await signIn(PEOPLE.alice, { path: '/requests' })
  await page.setViewportSize({ width: 1366, height: 768 })
  const box = page.getByRole('region', { name: /^Requests matching the filters/ })
  const headers = box.getByRole('table').getByRole('columnheader')
  const inBox = async (header: ReturnType<typeof headers.nth>) => {
    const [outer, inner] = [(await box.boundingBox())!, (await header.boundingBox())!]
    return inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1
  }
  await expect(headers.first()).toHaveText(/Request id/)
  for (const header of await headers.all()) expect(await inBox(header), (await header.textContent()) ?? undefined).toBe(true)

  // Every column: wider than the window, so the box scrolls sideways, and the page does not.
  await page.goto('/requests?columns=id,name,customerReference,type,category,status,step,subStep,requestedAt,delay,isArchived,createdAt,updatedAt')
  await expect(headers).toHaveCount(13)
  const last = headers.last()
  await expect(last).toHaveText(/Updated/)
  expect(await inBox(last)).toBe(false)
  await box.focus()
  for (let press = 0; press < 80 && !(await inBox(last)); press++) await page.keyboard.press('ArrowRight')
  expect(await inBox(last), 'the last column, reached by the keyboard').toBe(true)
  expect(await inBox(headers.first()), 'the request id, kept in view').toBe(true)
  await expect(box.getByRole('row').nth(1).getByRole('rowheader').getByRole('link')).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})

test('on a phone the open filters of the list and of the dashboard keep every group inside their card', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests' })
  // After signing in: on a phone the account is folded behind the menu, where the sign-in helper does not look.
  await page.setViewportSize({ width: 390, height: 844 })
  for (const path of ['/requests', '/']) {
    await page.goto(path)
    await expectHydrated(page.getByRole('button', { name: 'Edit filters' }))
    await page.getByRole('button', { name: 'Edit filters' }).click()
    const card = page.getByRole('region', { name: 'Filters', exact: true })
    // The longest type name ("Remove a VPN site with a technician") wraps rather than pushing its group out.
    await expect(card.getByRole('group', { name: 'Type' }).getByRole('checkbox').first()).toBeVisible()
    const overflow = await card.evaluate((section) => {
      const right = section.getBoundingClientRect().right
      return [...section.querySelectorAll('fieldset, label')].filter((element) => element.getBoundingClientRect().right > right + 0.5).length
    })
    expect(overflow, path).toBe(0)
  }
})

test('on a phone the list’s filters fold their dates, keep "Apply filters" on screen and give every option a thumb’s target', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/requests')
  await page.getByRole('button', { name: 'Edit filters' }).click()
  const card = page.getByRole('region', { name: 'Filters', exact: true })
  const apply = card.getByRole('button', { name: 'Apply filters' })
  // The dates are folded: their fields are not shown until asked for.
  await expect(card.getByRole('group', { name: 'Requested date', exact: true })).toBeHidden()
  // At the top of the form, "Apply filters" is already on screen.
  await card.getByRole('group', { name: 'Status' }).getByRole('checkbox').first().scrollIntoViewIfNeeded()
  await expect(apply).toBeInViewport()
  // Every option is at least 24 × 24 px (WCAG 2.2, 2.5.8), its label included.
  const small = await card.evaluate(
    (section) =>
      [...section.querySelectorAll('label.check')].filter((label) => {
        const box = label.getBoundingClientRect()
        return box.width < 24 || box.height < 24
      }).length,
  )
  expect(small).toBe(0)
  await card.getByText('Dates', { exact: true }).click()
  await expect(card.getByRole('group', { name: 'Requested date', exact: true })).toBeVisible()
  await card.getByRole('group', { name: 'Requested date', exact: true }).getByRole('button', { name: 'Last 7 days' }).click()
  await apply.click()
  await expect(page).toHaveURL(/requestedPreset=last7/)
  await expectNoAccessibilityViolation(page)
})

test('on a phone the list and the dashboard move nothing as they fill: rows, figures, charts and the account come into places kept for them', async ({
  page,
  request,
  signIn,
}) => {
  await signIn(PEOPLE.alice, { path: '/me' })
  // The gateway knows the person's customer (it asked GET /me, and trusts the answer for a minute): the slow GET /me
  // below is the page's own, which then comes after the list's rows.
  expect((await page.request.get('/auth/session')).status()).toBe(200)
  await page.setViewportSize({ width: 390, height: 844 })
  const slowMe = await request.post('/sandbox/control/faults', { data: { kind: 'latency', path: '/me', seconds: 30, latencyMs: 1_500 } })
  expect(slowMe.status()).toBe(201)
  try {
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { layoutShifts: number[] }).layoutShifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // What moved by itself, once what came last has been laid out and painted.
    const shiftsAfterTwoFrames = () =>
      page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        return (window as unknown as { layoutShifts: number[] }).layoutShifts
      })
    const accountCame = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ordering/v3/me')
    const firstRow = page
      .getByRole('table', { name: /^Requests matching the filters/ })
      .locator('tbody tr')
      .first()
    const viewName = page.getByRole('textbox', { name: 'Name of the view', includeHidden: true })
    let me = accountCame()
    await page.goto('/requests')
    await expect(firstRow).toBeVisible()
    await me
    await expect(viewName).toBeAttached()
    expect(await shiftsAfterTwoFrames()).toEqual([])

    // The dashboard: the figures and their time, both charts, then the latest changes (last: docs/decisions/0013).
    me = accountCame()
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Key figures' }).getByRole('link').first()).toContainText(/\d/)
    await expect(page.getByRole('table', { name: 'Requests by type, as a table' }).locator('tbody tr').first()).toBeAttached()
    await expect(page.getByRole('heading', { level: 2, name: 'Latest changes' })).toBeAttached()
    await me
    expect(await shiftsAfterTwoFrames()).toEqual([])

    // Opened before the account comes, saving a view says it waits for it; then the form comes.
    me = accountCame()
    await page.goto('/requests')
    await expect(firstRow).toBeVisible()
    await page.getByText('Save this view', { exact: true }).click()
    await expect(page.getByText('Your account is still loading: you can save this view in a moment.')).toBeVisible()
    await me
    await expect(viewName).toBeVisible()
  } finally {
    await request.delete('/sandbox/control/faults')
  }
})
