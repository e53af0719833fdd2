import type { Page } from '@playwright/test'
import { accountOf, expect, expectHydrated, expectNoAccessibilityViolation, expectNoSidewaysScroll, PEOPLE, readApi, test } from './fixtures'

/**
 * The shell a person works in all day, in Chromium: the header folded into a menu on a phone, the dark theme, the
 * keyboard shortcuts, printing, and one sign-in for every tab of the browser (docs/decisions/0011-sign-in.md).
 */

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `most` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 20) {
  for (let press = 0; press < most; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test('on a phone the header folds into a menu: opened by keyboard, a link reached and followed, Escape closes it, nothing scrolls sideways', async ({
  page,
  signIn,
}) => {
  await signIn(PEOPLE.alice)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
  const navigation = page.getByRole('navigation', { name: 'Main' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(navigation).toBeHidden()
  await expectNoSidewaysScroll(page)

  await tabTo(page, menu)
  await page.keyboard.press('Enter')
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(navigation).toBeVisible()
  // The navigation first, the account and Sign out after it; "New request" the navigation's last entry (0033).
  const navigationBox = (await navigation.boundingBox())!
  const signOutBox = (await accountOf(page).getByRole('button', { name: 'Sign out' }).boundingBox())!
  expect(signOutBox.y).toBeGreaterThanOrEqual(navigationBox.y + navigationBox.height - 1)
  await expect(navigation.getByRole('link').last()).toHaveText('New request')
  const requests = navigation.getByRole('link', { name: 'Requests', exact: true })
  await tabTo(page, requests)
  await expectNoSidewaysScroll(page)

  // Escape closes the menu and gives the focus back to its button.
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(navigation).toBeHidden()
  await expect(menu).toBeFocused()

  // Opened again with the space bar, a link followed: the next page starts with its content, the menu closed.
  await page.keyboard.press(' ')
  await expect(navigation).toBeVisible()
  await tabTo(page, requests)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/requests$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(navigation).toBeHidden()
  await expectNoSidewaysScroll(page)
})

test('at a desk, the account arriving late moves nothing of the navigation, and “New request” joins it at its end', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.setViewportSize({ width: 1366, height: 768 })
  // The account (GET /me) comes after the page, as on a slow link.
  await page.route('**/api/ordering/v3/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.continue()
  })
  await page.goto('/overdue')
  const navigation = page.getByRole('navigation', { name: 'Main' })
  const api = navigation.getByRole('link', { name: 'API' })
  await expect(api).toBeVisible()
  const newRequest = navigation.getByRole('link', { name: 'New request' })
  await expect(newRequest).toHaveCount(0)
  const before = await navigation.getByRole('link').evaluateAll((links) => links.map((link) => JSON.stringify(link.getBoundingClientRect())))
  await expect(newRequest).toBeVisible()
  const after = await navigation.getByRole('link').evaluateAll((links) => links.map((link) => JSON.stringify(link.getBoundingClientRect())))
  expect(after.slice(0, before.length)).toEqual(before)
})

test('the dark theme, chosen at the foot of the page, holds after a reload, and axe finds nothing in it', async ({ page, signIn }) => {
  // The device says light: dark is the person's own choice.
  await page.emulateMedia({ colorScheme: 'light' })
  await signIn(PEOPLE.alice)
  const html = page.locator('html')
  const light = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

  await page.getByLabel('Theme').selectOption({ label: 'Dark' })
  await expect(html).toHaveAttribute('data-theme', 'dark')
  const dark = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  expect(dark).not.toBe(light)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByLabel('Theme')).toHaveValue('dark')
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(dark)
  // The dashboard with its figures, latest changes and charts, in dark.
  await expect(page.getByRole('group', { name: 'Requests by status' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expectNoAccessibilityViolation(page, 'axe on the dashboard in dark')

  // Back to the device's choice, which follows the device when it turns dark.
  await page.getByLabel('Theme').selectOption({ label: 'As on this device' })
  await expect(html).not.toHaveAttribute('data-theme', /.+/)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(light)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(dark)
})

test('"/" goes to the filters and "?" shows the shortcuts, but neither does anything while the person types', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests' })
  await expect(page.getByRole('table', { name: /^Requests matching the filters/ })).toBeVisible()
  const editFilters = page.getByRole('button', { name: 'Edit filters' })
  await expectHydrated(editFilters)

  await page.keyboard.press('/')
  await expect(editFilters).toBeFocused()

  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Go to the search and filters of the request list.')).toBeVisible()
  await expectNoAccessibilityViolation(page, 'axe with the shortcuts open')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The focus returns to where it was.
  await expect(editFilters).toBeFocused()

  // In a field, both keys are text.
  await page.keyboard.press('Enter')
  const reference = page.getByRole('textbox', { name: 'Customer reference' })
  await reference.click()
  await page.keyboard.type('PO/1?')
  await expect(reference).toHaveValue('PO/1?')
  await expect(reference).toBeFocused()
  await expect(dialog).toHaveCount(0)

  // On the dashboard, "/" goes to its own filters, once the page's code runs: its first view shows before (0026).
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const dashboardFilters = page.getByRole('main').getByRole('button', { name: 'Edit filters' })
  await expectHydrated(dashboardFilters)
  await page.keyboard.press('/')
  await expect(dashboardFilters).toBeFocused()
})

test('printed, a request shows its content without the header, the navigation or the footer', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests?status=IN_PROGRESS' })
  const first = page
    .getByRole('table', { name: /^Requests matching the filters/ })
    .getByRole('rowheader')
    .first()
    .getByRole('link')
  const id = (await first.textContent())!
  await first.click()
  await expect(page).toHaveURL(new RegExp(`/requests/${id}$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Progress' })).toBeVisible()
  const header = page.getByRole('banner')
  const footer = page.getByRole('contentinfo')
  await expect(header).toBeVisible()
  await expect(footer).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(header).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(footer).toBeHidden()
  await expect(page.getByRole('link', { name: 'All requests' })).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Progress' })).toBeVisible()
  await expect(page.getByRole('main').getByText(id).first()).toBeVisible()
  // Printed in black, whatever the theme.
  expect(await page.getByRole('heading', { level: 1 }).evaluate((heading) => getComputedStyle(heading).color)).toBe('rgb(0, 0, 0)')

  await page.emulateMedia({ media: 'screen' })
  await expect(header).toBeVisible()
})

test('signing out in one tab signs out the other tabs of the browser', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc, { path: '/requests' })
  const other = await page.context().newPage()
  await other.goto('/')
  await expect(accountOf(other).getByText(PEOPLE.marc.name)).toBeVisible()
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  await accountOf(page).getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()

  // The other tab, untouched, shows the sign-in page too, without a reload.
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
  await expect(accountOf(other)).toHaveCount(0)
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0)
  await other.close()
})

test('a list address opened in a new tab of the browser shows the same rows, with no click', async ({ page, signIn }) => {
  const view = '/requests?status=IN_PROGRESS,REJECTED&sort=name&page=2'
  await signIn(PEOPLE.alice, { path: view })
  const rows = (tab: Page) => tab.getByRole('table', { name: /^Requests matching the filters/ }).locator('tbody tr th a')
  await expect(rows(page).first()).toBeVisible()
  const ids = await rows(page).allTextContents()
  expect(ids.length).toBeGreaterThan(0)

  const tab = await page.context().newPage()
  await tab.goto(view)
  await expect(rows(tab).first()).toBeVisible()
  expect(await rows(tab).allTextContents()).toEqual(ids)
  await expect(tab).toHaveURL(new RegExp(`${view.replace(/[?]/g, '\\?')}$`))
  await tab.close()
})

test('a new tab of the browser opened on a deep link is signed in, with no click and no sign-in page', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const [request] = (await (await readApi(page, '/api/ordering/v3/requests?limit=1&fields=id,name')).json()) as { id: string; name: string }[]

  const tab = await page.context().newPage()
  const visited: string[] = []
  tab.on('framenavigated', (frame) => {
    if (frame === tab.mainFrame()) visited.push(new URL(frame.url()).pathname)
  })
  await tab.goto(`/requests/${request!.id}`)
  await expect(tab.getByRole('heading', { level: 1, name: request!.name })).toBeVisible()
  await expect(accountOf(tab).getByText(PEOPLE.alice.name)).toBeVisible()
  await expect(tab).toHaveURL(new RegExp(`/requests/${request!.id}$`))
  expect(visited.filter((path) => path.startsWith('/sign-in') || path.startsWith('/sandbox/') || path.startsWith('/auth/'))).toEqual([])
  await expect(tab.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
  // The HTML fetched the request page's own code with the entry, not after it (src/app/route-table.ts, 0024): its
  // preload stands before the entry's script, where only the HTML's early start puts it.
  const order = await tab.evaluate(() => {
    const children = [...document.head.children]
    const preload = children.findIndex(
      (element) => element.matches('link[rel=modulepreload]') && /\/assets\/request-detail-[\w-]+\.js$/.test(element.getAttribute('href') ?? ''),
    )
    const entry = children.findIndex((element) => element.matches('script[type=module][src]'))
    return { preload, entry }
  })
  expect(order.preload).toBeGreaterThanOrEqual(0)
  expect(order.preload).toBeLessThan(order.entry)
  await tab.close()
})
