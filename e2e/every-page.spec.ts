import type { Page } from '@playwright/test'
import { expect, expectNoAccessibilityViolation, expectNoSidewaysScroll, PEOPLE, test } from './fixtures'

/**
 * The pages the list-views and creation-form specs do not already size: the catalog, a catalog item, the account,
 * the API page, the cloud page and the sign-in page, each on a phone (390×844) and at a desk (1366×768): nothing
 * scrolls sideways and axe finds nothing on the whole page, header included (docs/decisions/0025-list-views.md).
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const

async function expectFits(page: Page, what: string) {
  await page.waitForLoadState('networkidle')
  await expectNoSidewaysScroll(page)
  await expectNoAccessibilityViolation(page, `axe on ${what} at ${page.viewportSize()?.width} px`)
}

test('the catalog, a catalog item, the account, the API and the cloud pages fit a phone and a desk, and axe finds nothing', async ({ page, signIn }) => {
  // Six pages, two sizes, twelve axe scans.
  test.setTimeout(180_000)
  await signIn(PEOPLE.alice, { path: '/catalog' })
  const item = page.getByRole('main').locator('a[href^="/catalog/"]').first()
  await expect(item).toBeVisible()
  const itemPath = (await item.getAttribute('href'))!
  const itemName = (await item.textContent())!.trim()
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/catalog')
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible()
    await expectFits(page, 'the catalog')

    await page.goto(itemPath)
    await expect(page.getByRole('heading', { level: 1, name: itemName })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Fill in the request' })).toBeVisible()
    await expectFits(page, 'a catalog item')

    await page.goto('/me')
    await expect(page.getByRole('main').getByText(PEOPLE.alice.username)).toBeVisible()
    await expectFits(page, 'the account page')

    await page.goto('/api')
    await expect(page.getByRole('table', { name: 'Operations' })).toBeVisible()
    await expectFits(page, 'the API page')

    await page.goto('/cloud')
    await expect(page.getByRole('heading', { level: 1, name: 'Cloud resources' })).toBeVisible()
    await expectFits(page, 'the cloud page')
  }
})

test('the sign-in page fits a phone and a desk, and axe finds nothing', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
    await expectFits(page, 'the sign-in page')
  }
})

test('a page whose content comes after the shell moves nothing already on screen, and a signed-out visit logs no error', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  // Layout shifts as the browser counts them for Lighthouse's CLS (docs/decisions/0024-delivery.md).
  await page.addInitScript(() => {
    const counted = window as unknown as { shifts: number }
    counted.shifts = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) counted.shifts += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // The page's code comes late, as on a slow link: the shell (header and footer) shows first.
  await page.route('**/assets/sign-in-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), `layout shift at ${size.width} px`).toBeLessThan(0.01)
  }
  // Nobody signed in is GET /auth/session's other answer, not a failed call (docs/decisions/0011-sign-in.md).
  expect(errors).toEqual([])
})
