import type { APIRequestContext } from '@playwright/test'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import { expect, expectNoAccessibilityViolation, PEOPLE, signInThroughPages, test } from './fixtures'

/** Through the gateway with the page's session cookie, as the SPA reads it. */
async function getJson<T extends z.core.$ZodType>(request: APIRequestContext, path: string, schema: T, language = 'en'): Promise<z.infer<T>> {
  const response = await request.get(`/api/ordering/v3${path}`, { headers: { Accept: 'application/json', 'Accept-Language': language } })
  expect(response.status(), path).toBe(200)
  return z.parse(schema, await response.json())
}

test('a customer reads why a request was rejected, in English and then in French', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const rejected = (await getJson(page.request, '/requests?status=REJECTED&limit=50', z.array(ZRequest))).find((request) =>
    request.rejectionReasons.every((reason) => reason.code !== 304),
  )
  expect(rejected).toBeDefined()
  const id = rejected!.id
  const english = await getJson(page.request, `/requests/${id}`, ZRequest, 'en')
  const french = await getJson(page.request, `/requests/${id}`, ZRequest, 'fr')
  expect(english.rejectionReasons.length).toBeGreaterThan(0)

  await page.goto(`/requests/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: english.name })).toBeVisible()
  const reasons = page.getByRole('region', { name: 'Why this request was rejected' })
  for (const reason of english.rejectionReasons) {
    await expect(reasons.getByText(reason.message, { exact: true })).toBeVisible()
    // The operator's sentence, not its codes.
    await expect(reasons.getByText(reason.reason, { exact: true })).toHaveCount(0)
  }
  const progress = page.getByRole('region', { name: 'Progress' })
  await expect(progress.locator('[aria-current="step"]')).toContainText('Rejected at this step')
  await expect(page.getByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute('href', `/requests/new?action=resubmit&from=${id}`)
  await expectNoAccessibilityViolation(page)

  await page.getByLabel('Language').selectOption('fr')
  const raisons = page.getByRole('region', { name: 'Pourquoi cette demande a été rejetée' })
  for (const reason of french.rejectionReasons) {
    await expect(raisons.getByText(reason.message, { exact: true })).toBeVisible()
  }
  for (const reason of english.rejectionReasons) {
    await expect(raisons.getByText(reason.message, { exact: true })).toHaveCount(0)
  }
  await expect(page.getByRole('region', { name: 'Avancement' }).locator('[aria-current="step"]')).toContainText('Rejetée à cette étape')
  await expectNoAccessibilityViolation(page)

  // The choice is remembered: a reload reads the request in French again.
  await page.reload()
  await expect(raisons.getByText(french.rejectionReasons[0]!.message, { exact: true })).toBeVisible()
})

test('a request the customer cancelled reads as cancelled and leads to the cancellation', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const cancellation = (await getJson(page.request, '/requests?category=cancellation&limit=50', z.array(ZRequest))).find((r) => r.relatedRequestId)
  expect(cancellation).toBeDefined()
  await page.goto(`/requests/${cancellation!.relatedRequestId}`)
  const cancelled = page.getByRole('region', { name: 'This request was cancelled' })
  await expect(cancelled).toBeVisible()
  await expect(page.getByText('The operator rejected', { exact: false })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Fix and resubmit' })).toHaveCount(0)
  await expectNoAccessibilityViolation(page)
  await cancelled.getByRole('link', { name: cancellation!.id }).click()
  await expect(page).toHaveURL(new RegExp(`/requests/${cancellation!.id}$`))
})

test('an in-progress request shows its actions, its progress and when it was last refreshed', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const open = await getJson(page.request, '/requests?status=IN_PROGRESS&limit=50', z.array(ZRequest))
  const creation = open.find((request) => request.category === 'creation')
  expect(creation).toBeDefined()
  await page.goto(`/requests/${creation!.id}`)
  await expect(page.getByRole('status').filter({ hasText: /^Updated at \d{2}:\d{2}:\d{2}\.$/ })).toBeVisible()
  const actions = page.getByRole('region', { name: 'What you can do' })
  await expect(actions.getByRole('link', { name: 'Modify this request' })).toBeVisible()
  await expect(actions.getByRole('link', { name: 'Cancel this request' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText('Current step')
  await expectNoAccessibilityViolation(page)
})

test('an unknown request says so and leads back to the list', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/requests/REQ99999999' })
  await expect(page.getByRole('heading', { level: 1, name: 'Request not found' })).toBeVisible()
  await expect(page.getByText('No request REQ99999999 exists for your company.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the list of requests' })).toHaveAttribute('href', '/requests')
  await expectNoAccessibilityViolation(page)
})

test('a signed-out person who opens a request’s link signs in first and lands on that request', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const [request] = await getJson(page.request, '/requests?status=COMPLETED&limit=1', z.array(ZRequest))
  await page.context().clearCookies()
  await page.evaluate(() => window.sessionStorage.clear())

  // This one is about signing in: through the pages.
  await signInThroughPages(page, PEOPLE.alice, { path: `/requests/${request!.id}` })
  await expect(page).toHaveURL(new RegExp(`/requests/${request!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: request!.name })).toBeVisible()
})
