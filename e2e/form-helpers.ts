import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { z } from 'zod'
import { CONTROL_SECRET_HEADERS } from './fixtures'

/** Helpers of the creation-form specs (create-request, modify-request). */

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

/** The sandbox control endpoint, with this run's secret (e2e/fixtures.ts), from any request context (a page's too). */
export async function control(request: APIRequestContext, method: 'post' | 'delete' | 'get', path: string, data?: unknown) {
  const response = await request[method](`/sandbox/control${path}`, {
    headers: { 'Content-Type': 'application/json', ...CONTROL_SECRET_HEADERS },
    ...(data === undefined ? {} : { data }),
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
  return response
}

/** The server receives every POST /requests and answers; the browser never sees the answer (the connection resets). */
export async function loseAnswersToPosts(page: Page): Promise<{ count: number }> {
  const posts = { count: 0 }
  await page.route('**/api/ordering/v3/requests', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts.count++
    const response = await route.fetch()
    expect(response.status()).toBe(201)
    await route.abort('connectionreset')
  })
  return posts
}
