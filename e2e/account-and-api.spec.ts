import { readFileSync } from 'node:fs'
import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

test('the Me page says who is signed in, for which customer, with which scopes and contracts', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  await page.getByRole('navigation').getByRole('link', { name: 'My account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
  const who = page.getByRole('region', { name: 'Signed in as' })
  await expect(who).toContainText(PEOPLE.marc.name)
  await expect(who).toContainText(PEOPLE.marc.username)
  await expect(who).toContainText('Acme Industries (C001)')
  await expect(who).toContainText('Read-only access')
  await expect(page.getByRole('region', { name: 'Scopes' }).getByRole('listitem')).toHaveText([
    'Sign in (OpenID Connect) (openid)',
    'Stay signed in between visits (offline_access)',
    'Follow requests (read-only) (b2b:ordering:readonly)',
  ])
  await expect(page.getByRole('region', { name: 'Contracts' }).getByRole('row', { name: /ACM-000101/ })).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

test('the API page shows the status, the version and the description, readable and downloadable', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.getByRole('navigation').getByRole('link', { name: 'API' }).click()
  await expect(page).toHaveURL(/\/api$/)
  await expect(page.getByRole('heading', { level: 1, name: 'The ordering API' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Service status' }).getByText('The ordering service is available.')).toBeVisible()
  const version = page.getByRole('region', { name: 'Version' })
  await expect(version).toContainText('3.1.0')
  await expect(version).toContainText('Feb 17, 2026')

  const description = page.getByRole('region', { name: 'Description (OpenAPI)' })
  const operations = description.getByRole('table', { name: 'Operations' })
  await expect(operations.getByRole('row', { name: /POST \/requests createRequest/ })).toBeVisible()
  await expect(operations.getByRole('row', { name: /GET \/me getMe/ })).toBeVisible()
  await description.getByText('The whole description (JSON)').click()
  await expect(description.locator('pre')).toContainText('"openapi": "3.1.0"')
  await expectNoAccessibilityViolation(page)

  const [download] = await Promise.all([page.waitForEvent('download'), description.getByRole('button', { name: 'Download the description (.json)' }).click()])
  expect(download.suggestedFilename()).toBe('ordering-api-3.1.0.json')
  const document = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { openapi: string; paths: Record<string, unknown> }
  expect(document.openapi).toBe('3.1.0')
  expect(Object.keys(document.paths)).toContain('/requests')

  // The page is an address of its own: a reload lands on it again, not on the API.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'The ordering API' })).toBeVisible()
})
