import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { accountOf, expect, expectNoAccessibilityViolation, fillSandboxLogin, PEOPLE, type Person, SANDBOX_PAGES, signInThroughPages, test } from './fixtures'

/** What must never reach the browser (docs/decisions/0011-sign-in.md): the client secret and the API key. */
const SECRETS = ['sandbox-client-secret-0123456789abcdef', 'sandbox-api-key', 'sandbox-session-secret-not-for-production']

async function forgetConsent(request: APIRequestContext, person: Person) {
  const response = await request.post('/sandbox/control/oidc/revoke-consent', { data: { username: person.username } })
  expect(response.ok()).toBe(true)
}

/** Everything the page keeps in Web Storage, as text, and the user oidc-client-ts stored. */
async function browserStorage(page: Page) {
  return page.evaluate(() => {
    const dump = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key) ?? '']))
    const session = dump(window.sessionStorage)
    const userKey = Object.keys(session).find((key) => key.startsWith('oidc.user:'))
    return {
      text: JSON.stringify({ session, local: dump(window.localStorage), cookies: document.cookie }),
      user: userKey ? (JSON.parse(session[userKey]!) as { access_token?: string; refresh_token?: string; id_token?: string }) : null,
    }
  })
}

test('a new person who opens a deep page signs in through the sandbox and lands on that page', async ({ page, request }) => {
  const alice = PEOPLE.alice
  await forgetConsent(request, alice)

  await page.goto('/requests/new')
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Frequests%2Fnew$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
  await expect(page.getByText(/orders network services from your operator/)).toBeVisible()
  // The usual sign-in, and the mobile number's (docs/decisions/0017-mobile-connect.md).
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(2)
  await expectNoAccessibilityViolation(page)

  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByLabel(SANDBOX_PAGES.username)).toBeVisible()
  await expectNoAccessibilityViolation(page)
  await fillSandboxLogin(page, alice)

  await expect(page.getByRole('button', { name: SANDBOX_PAGES.allow })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  await page.getByRole('button', { name: SANDBOX_PAGES.allow }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible()
  await expect(page).toHaveURL(/\/requests\/new$/)
  const account = accountOf(page)
  await expect(account.getByText(alice.name)).toBeVisible()
  await expect(account.getByText(alice.customer)).toBeVisible()
  await expect(account.getByText('Full access')).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'New request' })).toBeVisible()
  await expectNoAccessibilityViolation(page)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible()
  await expect(account.getByText(alice.name)).toBeVisible()

  await account.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  expect((await browserStorage(page)).user).toBeNull()
  await page.goto('/')
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(accountOf(page)).toHaveCount(0)
})

test('a cancelled consent says so, and offers to sign in again', async ({ page, request }) => {
  const bruno = PEOPLE.bruno
  await forgetConsent(request, bruno)
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await fillSandboxLogin(page, bruno)
  await page.getByRole('button', { name: SANDBOX_PAGES.cancel }).click()

  await expect(page).toHaveURL(/\/auth\/callback$/)
  await expect(page.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('You cancelled the sign-in. Sign in again when you are ready.')
  await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible()
  await expect(accountOf(page)).toHaveCount(0)
  await expectNoAccessibilityViolation(page)
})

test('a read-only person sees no create action, and is told their access is read-only', async ({ page }) => {
  await signInThroughPages(page, PEOPLE.marc)
  const account = accountOf(page)
  await expect(account.getByText(PEOPLE.marc.customer)).toBeVisible()
  await expect(account.getByText('Read-only access')).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New request' })).toHaveCount(0)
})

test('an access token that expires mid-session is renewed without the person noticing', async ({ page, request }) => {
  expect((await request.post('/sandbox/control/oidc/lifetimes', { data: { accessTokenSeconds: 2 } })).ok()).toBe(true)
  try {
    await signInThroughPages(page, PEOPLE.alice)
    const refreshGrants = async () => ((await (await request.get('/sandbox/control/oidc/grants')).json()) as { refresh: number }).refresh
    const before = await refreshGrants()
    const signInPages: string[] = []
    page.on('request', (sent) => {
      if (sent.isNavigationRequest() && /\/(sign-in|auth\/authorize)/.test(new URL(sent.url()).pathname)) signInPages.push(sent.url())
    })
    await page.waitForTimeout(3_000)

    await page.getByRole('navigation').getByRole('link', { name: 'New request' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible()
    await page.goto('/')
    await expect(accountOf(page).getByText(PEOPLE.alice.name)).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    // The dashboard's counts are an authenticated call: they show only if the gateway renewed the session (0011:
    // the gateway refreshes behind the API proxy; the browser holds no token to renew).
    await expect(page.getByRole('group', { name: 'Requests by status' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(await refreshGrants()).toBeGreaterThan(before)
    expect(signInPages).toEqual([])
  } finally {
    await request.post('/sandbox/control/oidc/lifetimes', { data: {} })
  }
})

test('a session the operator ends is signed in again on the next call, back on the same page', async ({ page, request }) => {
  await signInThroughPages(page, PEOPLE.alice, { path: '/requests/new' })
  await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible()
  // Forgetting the consent revokes the person's tokens: the gateway's next call answers 401 code 41.
  await forgetConsent(request, PEOPLE.alice)
  const prompts: (string | null)[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (sent.isNavigationRequest() && url.pathname === '/auth/authorize') prompts.push(url.searchParams.get('prompt'))
  })
  await page.reload()

  // The silent attempt (prompt=none) comes back with consent_required: the person is asked, on the sandbox's page.
  await page.getByRole('button', { name: SANDBOX_PAGES.allow }).click()
  expect(prompts).toEqual(['none', null])
  await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible()
  await expect(page).toHaveURL(/\/requests\/new$/)
  await expect(accountOf(page).getByText(PEOPLE.alice.name)).toBeVisible()
})

test('the browser keeps no client secret, no API key and no real token', async ({ page }) => {
  await signInThroughPages(page, PEOPLE.alice)
  const storage = await browserStorage(page)
  for (const secret of SECRETS) expect(storage.text).not.toContain(secret)
  // The gateway's HttpOnly cookie says who is signed in (0011): the browser keeps no token, not even a handle.
  expect(storage.user).toBeNull()
  expect(storage.text).not.toMatch(/"h\.[A-Za-z0-9_-]{20,}/)
  // The session cookie is HttpOnly: the page's script cannot read it.
  expect(storage.text).not.toContain('oc_session')

  const scripts = await page
    .locator('script[src], link[rel=modulepreload][href]')
    .evaluateAll((elements) => elements.map((element) => (element instanceof HTMLScriptElement ? element.src : (element as HTMLLinkElement).href)))
  expect(scripts.length).toBeGreaterThan(0)
  const sources = [await page.content()]
  for (const src of scripts) sources.push(await (await page.request.get(src)).text())
  for (const source of sources) for (const secret of SECRETS) expect(source).not.toContain(secret)

  // Every file of the built bundle, including chunks this page did not load.
  const built = readdirSync('dist', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  expect(built.some((entry) => entry.name.endsWith('.js'))).toBe(true)
  for (const entry of built) {
    const content = readFileSync(join(entry.parentPath, entry.name), 'utf8')
    for (const secret of SECRETS) expect(content, `${entry.name} holds ${secret}`).not.toContain(secret)
  }
})
