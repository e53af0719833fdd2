import type { Locator, Page } from '@playwright/test'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import {
  catalogItems,
  expect,
  expectInsideWidth,
  expectNoAccessibilityViolation,
  expectNoSidewaysScroll,
  expectNoTypeCode,
  getJson,
  openMoreDetails,
  PEOPLE,
  test,
} from './fixtures'

/**
 * Every page at every width a person meets, from a small phone to a wide desk (docs/decisions/0025-list-views.md,
 * 0033-layout-at-every-width.md). At each width: nothing scrolls sideways; no word is cut in two inside a table;
 * charts can be read and tapped; no type code on the catalog's and the requests' pages; a cancelled request reads as
 * cancelled; every page has a title of its own. On a phone (390×844) and at a desk (1366×768), every signed-in page,
 * and axe finds nothing on the whole page, header included, in the light theme and the dark one; at the other widths,
 * axe on the dashboard, the overdue view and the list.
 *
 * One load a page and a width does every check of that width: the light theme first, then the dark one on the same
 * load (the theme is the stylesheet's alone, src/styles.css, with no transition), where axe runs only the rules a
 * colour can change (the elements are those scanned whole in light). The titles in French: layout.spec.ts.
 */
const PHONE_AND_DESK = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const
const OTHER_WIDTHS = [360, 768, 1920] as const
const SCHEMES = ['light', 'dark'] as const

// The slowest file of the suite (an axe scan a page): its tests go to whichever workers are free.
test.describe.configure({ mode: 'parallel' })

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

/** The dashboard's charts: every bar a tap target, its label readable and inside its card (each chart read at once). */
async function expectChartsReadAndTap(page: Page) {
  for (const chart of await page.locator('.bar-chart').all()) {
    const card = (await chart.boundingBox())!
    const links = await chart
      .getByRole('group')
      .getByRole('link')
      .evaluateAll((elements) =>
        elements.map((link) => {
          const rect = (element: Element | null) => {
            const { x, y, width, height } = element!.getBoundingClientRect()
            return { x, y, width, height }
          }
          const label = link.querySelector('.bar-chart__label')
          return {
            name: link.getAttribute('aria-label'),
            box: rect(link),
            fontSize: parseFloat(getComputedStyle(label!).fontSize),
            labelBox: rect(label),
            bar: rect(link.querySelector('.bar-chart__bar')),
          }
        }),
      )
    for (const { name, box, fontSize, labelBox, bar } of links) {
      expect(box.height, `${name}: its row is a tap target (${JSON.stringify(box)})`).toBeGreaterThanOrEqual(24)
      expect(box.width, `${name}: its row is a tap target (${JSON.stringify(box)})`).toBeGreaterThanOrEqual(24)
      expect(fontSize, `${name}: its label`).toBeGreaterThanOrEqual(12)
      expect(labelBox.x, `${name}: its label inside the card`).toBeGreaterThanOrEqual(card.x - 0.5)
      expect(labelBox.x + labelBox.width, `${name}: its label inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5)
      expect(bar.height, `${name}: its bar`).toBeGreaterThanOrEqual(24)
    }
  }
}

/** What a test knows before its visits: the type codes no page may show, the requests it opens. */
interface Known {
  codes: string[]
  openRequest: string
  cancellation: { id: string; cancelled: string }
}

/** A page of the console, what shows it is there, and the checks of its layout that hold at every width. */
interface Visit {
  what: string
  path: (known: Known) => string
  ready: (page: Page, known: Known) => Locator
  /** A form: its "More details" open, so that axe reads its optional fields too. */
  form?: boolean
  /** Checked at every width, its title among those that must differ (0033); the others at 390 and 1366 px only. */
  layout?: (page: Page, known: Known) => Promise<void>
  /** Scanned by axe at every width, not only at 390 and 1366 px. */
  axeAtEveryWidth?: boolean
}

/** The creation form of each kind (docs/decisions/0014-creation-forms.md), from its catalog item. */
const FORMS = [
  ['a creation form', 'CI-BVPN-SITE'],
  ['a modification form', 'CI-INTERNET-ACCESS-CHANGE'],
  ['a termination form', 'CI-INTERNET-ACCESS-TERMINATION'],
  ['a cancellation form', 'CI-REQUEST-CANCELLATION'],
] as const

const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name })

const VISITS: Visit[] = [
  {
    what: 'the dashboard',
    path: () => '/',
    ready: (page) => page.getByRole('group', { name: 'Requests by type' }).getByRole('link').first(),
    layout: async (page) => {
      await expect(page.getByRole('group', { name: 'Requests by status' }).getByRole('link').first()).toBeVisible()
      await expectChartsReadAndTap(page)
      expect(await brokenWords(page), 'the dashboard').toEqual([])
    },
    axeAtEveryWidth: true,
  },
  {
    what: 'the overdue view',
    path: () => '/overdue',
    ready: (page) =>
      page
        .getByRole('table', { name: /overdue requests?, the most days late first$/ })
        .locator('tbody tr')
        .first(),
    layout: async (page) => {
      expect(await brokenWords(page), 'the overdue view').toEqual([])
    },
    axeAtEveryWidth: true,
  },
  {
    what: 'the list',
    path: () => '/requests',
    ready: (page) =>
      page
        .getByRole('table', { name: /^Requests matching the filters/ })
        .locator('tbody tr')
        .first(),
    layout: async (page) => {
      expect(await brokenWords(page), 'the list').toEqual([])
      // A name cut to one line keeps whole the part that tells requests apart (the site), not the type it repeats.
      const cutSites = await page.evaluate(() =>
        [...document.querySelectorAll('main table td .request-name__rest')]
          .filter((rest) => rest.scrollWidth > rest.clientWidth + 1)
          .map((rest) => rest.textContent),
      )
      expect(cutSites, 'the sites cut in the names').toEqual([])
    },
    axeAtEveryWidth: true,
  },
  {
    what: 'a request in progress',
    path: (known) => `/requests/${known.openRequest}`,
    ready: (page) => page.getByRole('region', { name: 'What you can do' }),
  },
  {
    what: 'a cancelled request',
    path: (known) => `/requests/${known.cancellation.cancelled}`,
    ready: (page) => page.getByRole('region', { name: 'This request was cancelled' }),
    // A request its customer cancelled reads as cancelled, leads to what cancelled it, and offers no resubmission (0034).
    layout: async (page, known) => {
      const cancelled = page.getByRole('region', { name: 'This request was cancelled' })
      await expect(cancelled.getByRole('link', { name: known.cancellation.id })).toHaveAttribute('href', `/requests/${known.cancellation.id}`)
      await expectInsideWidth(page, cancelled, 'the cancelled notice')
      await expect(page.getByText('The operator rejected', { exact: false })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Fix and resubmit' })).toHaveCount(0)
      expect(await brokenWords(page), 'the cancelled request').toEqual([])
      await expectNoTypeCode(page, known.codes, 'the cancelled request')
    },
  },
  {
    what: 'the catalog',
    path: () => '/catalog',
    ready: h1('Catalog'),
    layout: async (page, known) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Order something new' })).toBeVisible()
      await expectNoTypeCode(page, known.codes, 'the catalog')
    },
  },
  {
    what: 'a catalog item',
    path: () => '/catalog/CI-BVPN-SITE',
    ready: (page) => page.getByRole('link', { name: 'Fill in the request' }),
    layout: async (page, known) => {
      await expectNoTypeCode(page, known.codes, 'a catalog item')
    },
  },
  ...FORMS.map(([what, item]): Visit => ({
    what,
    path: () => `/requests/new?item=${item}`,
    ready: (page) => page.getByRole('form', { name: 'Request form' }),
    form: true,
  })),
  { what: 'the account page', path: () => '/me', ready: (page) => page.getByRole('main').getByText(PEOPLE.alice.username) },
  {
    what: 'the API page',
    path: () => '/api',
    ready: (page) => page.getByRole('table', { name: 'Operations' }),
    layout: async (page) => {
      expect(await brokenWords(page), 'the API page').toEqual([])
    },
  },
  { what: 'the cloud page', path: () => '/cloud', ready: h1('Cloud resources') },
  { what: 'the spreadsheet order page', path: () => '/bulk-order', ready: h1('Order from a spreadsheet') },
]

/** The requests the pages show: one in progress, and a cancellation with the request it cancelled. */
async function known(page: Page): Promise<Known> {
  const codes = (await catalogItems(page)).map((item) => item.type)
  const [open] = await getJson(page.request, '/requests?status=IN_PROGRESS&category=creation&limit=1', z.array(ZRequest))
  const cancellation = (await getJson(page.request, '/requests?category=cancellation&limit=50', z.array(ZRequest))).find((r) => r.relatedRequestId)
  expect(open && cancellation).toBeDefined()
  return { codes, openRequest: open!.id, cancellation: { id: cancellation!.id, cancelled: cancellation!.relatedRequestId! } }
}

/**
 * Visits `visits` at the page's width, each loaded once: its layout checked in light; axe on it when `axe` says so, in
 * light, then in dark (colour rules) when `dark`. Every page with layout checks has a title of its own (0033).
 */
async function visitAll(page: Page, visits: Visit[], options: { axe: (visit: Visit) => boolean; dark: boolean }) {
  const width = page.viewportSize()!.width
  const info = await known(page)
  const titles: string[] = []
  for (const visit of visits) {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(visit.path(info))
    await expect(visit.ready(page, info)).toBeVisible()
    if (visit.form) await openMoreDetails(page)
    await page.waitForLoadState('networkidle')
    await expectNoSidewaysScroll(page)
    if (visit.layout) {
      await visit.layout(page, info)
      await expect.poll(() => page.title()).not.toBe('Ordering Console')
      titles.push(await page.title())
    }
    if (!options.axe(visit)) continue
    await expectNoAccessibilityViolation(page, `axe on ${visit.what} in light at ${width} px`)
    if (!options.dark) continue
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectNoSidewaysScroll(page)
    await expectNoAccessibilityViolation(page, `axe on ${visit.what} in dark at ${width} px`, { colours: true })
  }
  expect(new Set(titles).size, titles.join(' | ')).toBe(titles.length)
}

for (const size of PHONE_AND_DESK) {
  test(`at ${size.width} px every signed-in page fits in light and in dark, and axe finds nothing; no word is cut inside a table, the charts read and tap, no type code shows, each page has its own title`, async ({
    page,
    signIn,
  }) => {
    // Sixteen pages: one load each, an axe scan in each theme.
    test.setTimeout(240_000)
    await signIn(PEOPLE.alice)
    await page.setViewportSize(size)
    await visitAll(page, VISITS, { axe: () => true, dark: true })
  })
}

for (const width of OTHER_WIDTHS) {
  test(`at ${width} px no word is cut inside a table, nothing scrolls sideways, the charts read and tap, no type code shows, and axe finds nothing`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000)
    await signIn(PEOPLE.alice)
    await page.setViewportSize({ width, height: 900 })
    await visitAll(
      page,
      VISITS.filter((visit) => visit.layout),
      { axe: (visit) => visit.axeAtEveryWidth === true, dark: false },
    )
  })
}

test('the sign-in page fits a phone and a desk, in light and dark, and axe finds nothing', async ({ page }) => {
  for (const size of PHONE_AND_DESK) {
    await page.setViewportSize(size)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme })
      await expectNoSidewaysScroll(page)
      await expectNoAccessibilityViolation(page, `axe on the sign-in page in ${scheme} at ${size.width} px`)
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
  for (const size of PHONE_AND_DESK) {
    await page.setViewportSize(size)
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), `layout shift at ${size.width} px`).toBeLessThan(0.01)
  }
  // Nobody signed in is GET /auth/session's other answer, not a failed call (docs/decisions/0011-sign-in.md).
  expect(errors).toEqual([])
})
