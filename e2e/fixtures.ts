import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type APIResponse, type BrowserContext, expect, test as base, type Locator, type Page } from '@playwright/test'
import { createRequire } from 'node:module'
import { z } from 'zod'
import { DEMO_PASSWORD, DEMO_PEOPLE, SEED_CUSTOMERS } from '../server/sandbox/demo'
import { startWorkerServer, type DialectOption, type WorkerServer } from './worker-server'

/** The sandbox's demo people (server/sandbox/demo.ts, docs/decisions/0011-sign-in.md), with their customer's name. */
const person = ({ username, name, customerId }: { username: string; name: string; customerId: string }) => ({
  username,
  name,
  customer: SEED_CUSTOMERS.find((customer) => customer.id === customerId)!.name,
})
export const PEOPLE = { alice: person(DEMO_PEOPLE.alice), marc: person(DEMO_PEOPLE.marc), bruno: person(DEMO_PEOPLE.bruno) } as const
export type Person = (typeof PEOPLE)[keyof typeof PEOPLE]
export const PASSWORD = DEMO_PASSWORD

/** What the sandbox authorization server's pages say, in English (server/sandbox/oidc/pages.ts). */
export const SANDBOX_PAGES = {
  username: 'E-mail address',
  password: 'Password',
  signIn: 'Sign in',
  allow: 'Allow',
  cancel: 'Cancel',
} as const

/** Fills the sandbox's login page and submits it. */
export async function fillSandboxLogin(page: Page, person: Person) {
  await expect(page).toHaveURL(/\/sandbox\/openidconnect\//)
  await page.getByLabel(SANDBOX_PAGES.username).fill(person.username)
  await page.getByLabel(SANDBOX_PAGES.password).fill(PASSWORD)
  await page.getByRole('button', { name: SANDBOX_PAGES.signIn }).click()
}

/**
 * Waits until React has hydrated `locator`'s element (its props attached), and for the page's next task, where the
 * effects of that render run (a document's key listener, the keyboard shortcuts). The gateway's first view shows a page
 * before its code runs (docs/decisions/0026-first-view.md): a click or a key before hydration does nothing, as for a
 * person.
 */
export async function expectHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true)
  await locator.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The header's account group, once the SPA shows a signed-in person. */
export function accountOf(page: Page) {
  return page.getByRole('banner').getByRole('group', { name: 'Your account' })
}

/**
 * Signs `person` in the way a person does: the console's sign-in page, the sandbox's login page, its consent
 * page when the sandbox asks, back to `path`. For the tests about signing in; the others use `signIn`.
 */
export async function signInThroughPages(page: Page, person: Person, options: { path?: string } = {}) {
  await page.goto(options.path ?? '/')
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await fillSandboxLogin(page, person)
  const allow = page.getByRole('button', { name: SANDBOX_PAGES.allow })
  const account = accountOf(page)
  await expect(allow.or(account)).toBeVisible()
  if (await allow.isVisible()) await allow.click()
  await expect(account.getByText(person.name)).toBeVisible()
}

/**
 * The sandbox control secret of this run (playwright.config.ts gives it to the server). The `request` fixture sends it
 * on every call, so the specs drive the controls (/sandbox/control/*) as before; a page never has it.
 */
export const CONTROL_SECRET_HEADERS = { 'X-Sandbox-Control-Secret': process.env.E2E_CONTROL_SECRET ?? '' }

/**
 * The gateway's session cookies of each person, kept for this worker after one sign-in through the pages. The
 * gateway's session, not the tab, says who is signed in (docs/decisions/0011-sign-in.md), so a new page with these
 * cookies opens signed in, as a new tab of the same browser does.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>()

/**
 * Signs `person` in for a test that is about something else than signing in: the first time through the pages, then
 * with the cookies of that sign-in. When a test has ended that session (signed out, revoked), the page lands on the
 * sign-in page, and the person signs in through the pages again.
 */
export async function signIn(page: Page, person: Person, options: { path?: string } = {}) {
  const cookies = sessions.get(person.username)
  if (cookies) {
    await page.context().addCookies(cookies)
    await page.goto(options.path ?? '/')
    const name = accountOf(page).getByText(person.name)
    const signInButton = page.getByRole('button', { name: 'Sign in' })
    await expect(name.or(signInButton)).toBeVisible()
    if (await name.isVisible()) return
    sessions.delete(person.username)
    await page.context().clearCookies()
  }
  await signInThroughPages(page, person, options)
  sessions.set(person.username, await page.context().cookies())
}

/**
 * The API's own answer to a GET, with the browser's session (the page's cookies): for a test to compare the page with.
 * The sandbox's spike arrest (reference 2: 403 code 53) can meet a test's own read on a fast machine; it is waited for
 * as its Retry-After says, as the page's reads do, before the answer must be a 200.
 */
export async function readApi(page: Page, path: string): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await page.request.get(path)
    const throttled = response.status() === 429 || (response.status() === 403 && ((await response.json()) as { code?: number }).code === 53)
    if (!throttled || attempt === 4) {
      expect(response.status(), `GET ${path}`).toBe(200)
      return response
    }
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000))
  }
}

/** The page is never wider than the window: a table scrolls inside its own box (docs/decisions/0025-list-views.md). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** The box is whole inside the window's width. */
export async function expectInsideWidth(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox()
  expect(box, what).not.toBeNull()
  expect(box!.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what} ends inside the window`).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5)
}

/**
 * The one accessibility check of the end-to-end tests: axe finds nothing on the page as it is. `colours`: only the
 * rules a colour theme can change, for a page already scanned whole in the other theme (its elements are the same).
 * Every rule runs on every element; axe only reports its violations in full (its passes and the rules it could not
 * decide are not collected node by node), and runs in the page itself (`axe.run`, the console has no frames from
 * another origin) rather than finishing in a blank page of its own: the same findings in about half the time.
 */
export async function expectNoAccessibilityViolation(page: Page, message?: string, options: { colours?: boolean } = {}) {
  const axe = new AxeBuilder({ page, axeSource: AXE_ONCE_A_DOCUMENT }).setLegacyMode().options({ resultTypes: ['violations'] })
  if (options.colours) axe.withRules(COLOUR_RULES)
  expect((await axe.analyze()).violations, message).toEqual([])
}
/**
 * axe-core's script, the one @axe-core/playwright runs, set up once in a document: a later scan of the same document
 * (the other theme, an opened dialog) reuses it instead of reading its 600 kB again.
 */
const AXE_ONCE_A_DOCUMENT = (() => {
  const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
  return `if (typeof window.axe === 'undefined') {\n${(requireFromAxeBuilder('axe-core') as { source: string }).source}\n}`
})()
/** The axe rules whose outcome depends on colours (axe-core's rule list: contrast, and links told apart by colour). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** The catalog's items, as the API gives them: their request types are the codes no page may show (0034). */
export async function catalogItems(page: Page) {
  return (await (await readApi(page, '/api/ordering/v3/catalogItems?limit=100')).json()) as { type: string; name: string }[]
}

/** The page's main part names types by name, never by the API's code (docs/decisions/0034-form-and-wording.md). */
export async function expectNoTypeCode(page: Page, codes: readonly string[], what?: string) {
  const text = (await page.locator('main').textContent()) ?? ''
  for (const code of codes) expect(text, what ? `${what}: ${code}` : code).not.toContain(code)
}

// The creation forms' helpers (create-request, modify-request, send-once, quota, operators).

/** The browser's "today", read as the forms read it (a UTC date; docs/decisions/0014-creation-forms.md). */
export const today = () => new Date().toISOString().slice(0, 10)

/** Through the gateway with the page's session cookie, as the SPA reads it. */
export async function getJson<T extends z.core.$ZodType>(request: APIRequestContext, path: string, schema: T): Promise<z.infer<T>> {
  const response = await request.get(`/api/ordering/v3${path}`, { headers: { Accept: 'application/json' } })
  expect(response.status(), path).toBe(200)
  return z.parse(schema, await response.json())
}

/** A generated field by its label, with or without its "(required)" mark. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return scope.getByLabel(new RegExp(`^${escaped}( \\(required\\))?$`))
}

/** A date field (React Aria's date picker) by its label: the group holding its segments. */
export function dateField(scope: Page | Locator, label: string | RegExp): Locator {
  const name = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ?\\((required|obligatoire)\\))?$`) : label
  return scope.getByRole('group', { name })
}

/** Types a YYYY-MM-DD date into a date field, segment by segment in the order the locale shows them. */
export async function fillDate(scope: Page | Locator, label: string | RegExp, iso: string) {
  const [year, month, day] = iso.split('-') as [string, string, string]
  const parts: Record<string, string> = { year, month, day }
  const segments = dateField(scope, label).getByRole('spinbutton')
  // The picker loads apart from the form (docs/decisions/0024-delivery.md): wait for it as a person would.
  await segments.first().waitFor()
  for (let index = 0; index < (await segments.count()); index++) {
    const segment = segments.nth(index)
    await segment.click()
    await segment.pressSequentially(parts[(await segment.getAttribute('data-type')) ?? ''] ?? '')
  }
}

/** The contract's combobox; typing closes its list with Escape, as a person would move on. */
export function contractBox(scope: Page | Locator, label = 'Contract'): Locator {
  return scope.getByRole('combobox', { name: new RegExp(`^${label}( ?\\((required|obligatoire)\\))?$`) })
}

export async function fillContract(page: Page, value: string, label = 'Contract') {
  await contractBox(page, label).fill(value)
  await page.keyboard.press('Tab')
}

/** The sandbox control endpoint, with this run's secret (CONTROL_SECRET_HEADERS), from any request context (a page's too). */
export async function control(request: APIRequestContext, method: 'post' | 'delete' | 'get', path: string, data?: unknown) {
  const response = await request[method](`/sandbox/control${path}`, {
    headers: { 'Content-Type': 'application/json', ...CONTROL_SECRET_HEADERS },
    ...(data === undefined ? {} : { data }),
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
  return response
}

/**
 * The server receives every POST /requests and creates the request; the browser never reads the answer: the connection
 * resets (`reset`), or the 201 comes with its body cut mid-way and no Content-Location (`cut`).
 */
export async function loseAnswersToPosts(page: Page, how: 'reset' | 'cut' = 'reset'): Promise<{ count: number }> {
  const posts = { count: 0 }
  await page.route('**/api/ordering/v3/requests', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts.count++
    const response = await route.fetch()
    expect(response.status()).toBe(201)
    if (how === 'reset') return route.abort('connectionreset')
    const { 'content-location': _location, 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers()
    await route.fulfill({ status: 201, headers, body: (await response.text()).slice(0, 20) })
  })
  return posts
}

/** The first worker's port; worker N uses BASE_PORT + N (E2E_PORT sets it). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181)

export const test = base.extend<{ signIn: (person: Person, options?: { path?: string }) => Promise<void> }, { server: WorkerServer } & DialectOption>({
  // The sandbox dialect of the project (playwright.config.ts, docs/decisions/0029-second-dialect.md).
  dialect: ['default', { scope: 'worker', option: true }],
  server: [
    async ({ dialect }, use, workerInfo) => {
      const server = await startWorkerServer(BASE_PORT + workerInfo.parallelIndex, process.env.E2E_CONTROL_SECRET ?? '', dialect)
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  signIn: async ({ page }, use) => {
    await use((person, options) => signIn(page, person, options))
  },
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CONTROL_SECRET_HEADERS })
    await use(context)
    await context.dispose()
  },
})

export { expect }

/**
 * Chooses a country by its name (React Aria's combobox, docs/decisions/0034-form-and-wording.md); the form sends its
 * code. A form whose country field is typed (a schema that names another rule) gets the code typed.
 */
export async function chooseCountry(scope: Page | Locator, name: string, code: string) {
  const page = 'page' in scope ? scope.page() : scope
  const box = scope.getByRole('combobox', { name: /^Country( \(required\))?$/ })
  if ((await box.count()) === 0) return field(scope, 'Country').fill(code)
  // Typed as a person types it, key by key, so that the list opens and filters as it does for them.
  await box.click()
  await box.pressSequentially(name)
  await page.getByRole('option', { name, exact: true }).click()
  await expect(box).toHaveValue(name)
}

/** Opens a group's "More details" disclosure of optional fields (given the page, every one of the form), unless open. */
export async function openMoreDetails(scope: Page | Locator) {
  if (!('page' in scope)) {
    const closed = scope.locator('details.form-more:not([open]) > summary')
    for (let round = 0; round < 20 && (await closed.count()) > 0; round++) await closed.first().click()
    return
  }
  const details = scope.locator('xpath=./details[contains(@class, "form-more")]')
  // A group whose fields are all required has none.
  if ((await details.count()) === 0) return
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator('summary').click()
}

/**
 * The Business items' site (their "Location" group): its name, address and country, as the sandbox's catalog asks for
 * them. The country is chosen by name once the combobox is there, typed as its code before (`chooseCountry`).
 */
export async function fillSite(page: Page) {
  const location = page.getByRole('group', { name: 'Location' })
  await openMoreDetails(location)
  await field(location, 'Site name').fill('Lyon warehouse')
  await field(location, 'Street').fill('2 quai Perrache')
  await field(location, 'Postal code').fill('69002')
  await field(location, 'City').fill('Lyon')
  await chooseCountry(location, 'France', 'FR')
}

/**
 * Types a YYYY-MM-DD date into the text field that holds a date picker's place (the HTML's form, or while the picker
 * loads), in the order its empty field shows ("mm/dd/yyyy", "dd/mm/yyyy", "jj/mm/aaaa").
 */
export async function typeDateAsShown(scope: Page | Locator, label: string, iso: string) {
  const input = field(scope, label)
  const [year, month, day] = iso.split('-') as [string, string, string]
  const pattern = (await input.getAttribute('placeholder')) ?? ''
  expect(pattern, 'the date field shows its order').toMatch(/^(?=.*(dd|jj))(?=.*mm)(?=.*(yyyy|aaaa))/)
  await input.fill(
    pattern
      .replace(/dd|jj/, day)
      .replace('mm', month)
      .replace(/yyyy|aaaa/, year),
  )
}

/**
 * A catalog item's form address, as a person reaches it from the catalog, once the gateway renders its form into the
 * HTML in time (a view later than the gateway's wait is left out: a server just started, a busy machine).
 */
export async function formAddress(page: Page, itemName: string): Promise<string> {
  await page.goto('/catalog')
  await page.getByRole('link', { name: itemName }).click()
  await page.getByRole('link', { name: 'Fill in the request' }).click()
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
  const form = new URL(page.url()).pathname + new URL(page.url()).search
  await expect.poll(async () => (await page.request.get(form)).text(), { timeout: 30_000 }).toContain('data-before-code')
  return form
}

/**
 * Opens `form` with the page's code (its entry script) held, so that the page is the HTML's form alone
 * (docs/decisions/0026-first-view.md, "A form that works before its code"); the code comes once `release` is called.
 * Opened again until the gateway renders the view in time (without it, the page, its code held, shows nothing).
 */
export async function openFormBeforeCode(page: Page, form: string): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await expect
    .poll(
      async () => {
        // Not waiting for the document's end: the page's module script, held, would hold it back.
        await page.goto(form, { waitUntil: 'commit' })
        return page
          .locator('form[data-before-code]')
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          )
      },
      { timeout: 45_000 },
    )
    .toBe(true)
  return release
}
