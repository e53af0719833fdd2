import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { z } from 'zod'

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
