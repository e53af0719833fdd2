import type { Page } from '@playwright/test'
import { z } from 'zod'
import { ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { control, expect, field, fillContract, fillDate, getJson, loseAnswersToPosts, PEOPLE, test, today, chooseCountry, openMoreDetails } from './fixtures'

/**
 * Never sent twice, under the sandbox's faults (docs/decisions/0014-creation-forms.md, 0016, 0020): whatever happens
 * to the first POST, exactly one request with its reference exists, the person ends on it, and is told each step.
 */
test.use({ locale: 'en-GB' })
test.setTimeout(90_000)

test.afterEach(async ({ request }) => {
  await control(request, 'delete', '/faults')
})

/** Fills the business internet access form; returns its reference. */
async function fillInternetAccess(page: Page): Promise<string> {
  await page.goto('/requests/new?item=CI-INTERNET-ACCESS')
  // The first form loads its code (React Aria, the schema reader): allow for a busy machine.
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible({ timeout: 20_000 })
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 12))
  await fillContract(page, 'ACM-000101')
  const location = page.getByRole('group', { name: 'Location' })
  await field(location, 'Street').fill('5 rue du Port')
  await field(location, 'Postal code').fill('44000')
  await field(location, 'City').fill('Nantes')
  await chooseCountry(location, 'France', 'FR')
  const contact = page.getByRole('group', { name: 'Primary contact' })
  await field(contact, 'First name').fill('Alan')
  await field(contact, 'Last name').fill('Turing')
  await openMoreDetails(contact)
  await field(contact, 'Phone').fill('+33 2 00 00 00 00')
  await field(page, 'Billing account code').fill('BA-9')
  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption('100')
  return field(page, 'Your reference').inputValue()
}

function countPosts(page: Page) {
  const posts: number[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/ordering/v3/requests') posts.push(Date.now())
  })
  return posts
}

async function requestsWithReference(page: Page, reference: string) {
  return getJson(page.request, `/requests?customerReference=${encodeURIComponent(reference)}`, z.array(ZRequest))
}

const step = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/**
 * The browser's clock runs on (page.clock), so that the form's 30 s wait (CREATE_TIMEOUT_MS) passes in a moment: the
 * operator answers `OPERATOR_MS` of real time after the POST, when the form has waited its 30 s by its own clock.
 */
const OPERATOR_MS = 8_000

test('a POST the operator answers after the form’s 30 s: the form stops waiting at 30 s, keeps checking while it is processed, and opens the one request', async ({
  page,
  signIn,
}) => {
  await page.clock.install()
  await signIn(PEOPLE.alice)
  const reference = await fillInternetAccess(page)
  const posts = countPosts(page)
  const cut: string[] = []
  page.on('requestfailed', (failed) => {
    if (failed.method() === 'POST' && new URL(failed.url()).pathname === '/api/ordering/v3/requests') cut.push(failed.failure()?.errorText ?? '')
  })
  await control(page.request, 'post', '/faults', { kind: 'latency', latencyMs: OPERATOR_MS, path: '/requests', method: 'POST', count: 1 })
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(step(page, 'Sending your request…')).toBeVisible()
  // The form's 30 s pass: it stops waiting, asks the gateway, which says the first send is still being processed.
  await page.clock.fastForward(30_000)
  await expect(step(page, /still being processed by the operator/)).toBeVisible()
  expect(cut, 'the POST the form stopped waiting for').toHaveLength(1)
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()

  await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/, { timeout: 30_000 })
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  await expect(step(page, `your request arrived: this is request ${id}`)).toBeVisible()
  expect(posts).toHaveLength(1)
  expect((await requestsWithReference(page, reference)).map((request) => request.id)).toEqual([id])
})

test('a 503 before the operator processed anything: "did not arrive", sending again is safe, and it is sent once', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const reference = await fillInternetAccess(page)
  const posts = countPosts(page)
  await control(page.request, 'post', '/faults', { kind: 'unavailable', path: '/requests', method: 'POST', count: 1 })
  await page.getByRole('button', { name: 'Send the request' }).click()
  const outcome = page.getByRole('alert').filter({ hasText: 'Your request did not arrive' })
  await expect(outcome).toContainText(`no request has the reference ${reference}. Sending it again is safe`)
  expect(await requestsWithReference(page, reference)).toEqual([])
  await page.getByRole('button', { name: 'Send again' }).click()
  await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/, { timeout: 15_000 })
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  await expect(step(page, `Request ${id} was sent.`)).toBeVisible()
  expect(posts).toHaveLength(2)
  expect((await requestsWithReference(page, reference)).map((request) => request.id)).toEqual([id])
})

for (const [how, what] of [
  ['reset', 'an answer dropped after the request was created'],
  ['cut', 'a 201 whose body is cut mid-way, with no Content-Location'],
] as const) {
  test(`${what}: found by its reference and creation time, opened, sent once, never called refused`, async ({ page, signIn }) => {
    await signIn(PEOPLE.alice)
    const reference = await fillInternetAccess(page)
    const posts = await loseAnswersToPosts(page, how)
    await page.getByRole('button', { name: 'Send the request' }).click()
    await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/, { timeout: 15_000 })
    const id = new URL(page.url()).pathname.split('/').at(-1)!
    await expect(step(page, `your request arrived: this is request ${id}`)).toBeVisible()
    await expect(page.getByText(/refused/i)).toHaveCount(0)
    expect(posts.count).toBe(1)
    expect((await requestsWithReference(page, reference)).map((request) => request.id)).toEqual([id])
  })
}
