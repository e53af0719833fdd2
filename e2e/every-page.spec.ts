import type { Locator, Page } from '@playwright/test'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import { expect, expectNoAccessibilityViolation, expectNoSidewaysScroll, getJson, openMoreDetails, PEOPLE, test } from './fixtures'

/**
 * Every page, on a phone (390×844) and at a desk (1366×768), in the light theme and the dark one: nothing scrolls
 * sideways and axe finds nothing on the whole page, header included (docs/decisions/0025-list-views.md,
 * 0033-layout-at-every-width.md). One load a page, a width and a theme; in dark, only the rules a colour can change
 * (the elements are those scanned whole in light). The other widths' scans are in layout.spec.ts.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const
const SCHEMES = ['light', 'dark'] as const

// The slowest file of the suite (an axe scan a page): its tests go to whichever workers are free.
test.describe.configure({ mode: 'parallel' })

async function expectFits(page: Page, what: string, options: { colours?: boolean } = {}) {
  await page.waitForLoadState('networkidle')
  await expectNoSidewaysScroll(page)
  await expectNoAccessibilityViolation(page, `axe on ${what} at ${page.viewportSize()?.width} px`, options)
}

/** A page of the console and what shows it is there. */
interface Visit {
  what: string
  path: string
  ready: (page: Page) => Locator
  /** A form: its "More details" open, so that axe reads its optional fields too. */
  form?: boolean
}

/** The creation form of each kind (docs/decisions/0014-creation-forms.md), from its catalog item. */
const FORMS = [
  ['a creation form', 'CI-BVPN-SITE'],
  ['a modification form', 'CI-INTERNET-ACCESS-CHANGE'],
  ['a termination form', 'CI-INTERNET-ACCESS-TERMINATION'],
  ['a cancellation form', 'CI-REQUEST-CANCELLATION'],
] as const

function visits(openRequest: string, cancelledRequest: string): Visit[] {
  const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name })
  return [
    {
      what: 'the dashboard',
      path: '/',
      ready: (page) => page.getByRole('group', { name: 'Requests by type' }).getByRole('link').first(),
    },
    {
      what: 'the overdue view',
      path: '/overdue',
      ready: (page) =>
        page
          .getByRole('table', { name: /the most days late first$/ })
          .locator('tbody tr')
          .first(),
    },
    {
      what: 'the list',
      path: '/requests',
      ready: (page) =>
        page
          .getByRole('table', { name: /^Requests matching the filters/ })
          .locator('tbody tr')
          .first(),
    },
    {
      what: 'a request in progress',
      path: `/requests/${openRequest}`,
      ready: (page) => page.getByRole('region', { name: 'What you can do' }),
    },
    { what: 'a cancelled request', path: `/requests/${cancelledRequest}`, ready: (page) => page.getByRole('region', { name: 'This request was cancelled' }) },
    { what: 'the catalog', path: '/catalog', ready: h1('Catalog') },
    { what: 'a catalog item', path: '/catalog/CI-BVPN-SITE', ready: (page) => page.getByRole('link', { name: 'Fill in the request' }) },
    ...FORMS.map(([what, item]): Visit => ({
      what,
      path: `/requests/new?item=${item}`,
      ready: (page) => page.getByRole('form', { name: 'Request form' }),
      form: true,
    })),
    { what: 'the account page', path: '/me', ready: (page) => page.getByRole('main').getByText(PEOPLE.alice.username) },
    { what: 'the API page', path: '/api', ready: (page) => page.getByRole('table', { name: 'Operations' }) },
    { what: 'the cloud page', path: '/cloud', ready: h1('Cloud resources') },
    { what: 'the spreadsheet order page', path: '/bulk-order', ready: h1('Order from a spreadsheet') },
  ]
}

for (const scheme of SCHEMES) {
  test(`every signed-in page fits a phone and a desk in ${scheme}, and axe finds nothing`, async ({ page, signIn }) => {
    // Sixteen pages, two sizes: one load and one axe scan each.
    test.setTimeout(300_000)
    await page.emulateMedia({ colorScheme: scheme })
    await signIn(PEOPLE.alice)
    const [open] = await getJson(page.request, '/requests?status=IN_PROGRESS&category=creation&limit=1', z.array(ZRequest))
    const cancellation = (await getJson(page.request, '/requests?category=cancellation&limit=50', z.array(ZRequest))).find((r) => r.relatedRequestId)
    expect(open && cancellation).toBeDefined()
    for (const size of SIZES) {
      await page.setViewportSize(size)
      for (const visit of visits(open!.id, cancellation!.relatedRequestId!)) {
        await page.goto(visit.path)
        await expect(visit.ready(page)).toBeVisible()
        if (visit.form) await openMoreDetails(page)
        await expectFits(page, `${visit.what} in ${scheme}`, { colours: scheme === 'dark' })
      }
    }
  })
}

test('the sign-in page fits a phone and a desk, in light and dark, and axe finds nothing', async ({ page }) => {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.goto('/sign-in')
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
      await expectFits(page, `the sign-in page in ${scheme}`)
    }
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
