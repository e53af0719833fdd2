import AxeBuilder from '@axe-core/playwright'
import { expect, PEOPLE, test } from './fixtures'

test('the shell page shows the API status and version read through the gateway', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ordering Console' })).toBeVisible()
  const status = page.getByRole('region', { name: 'Service status' })
  await expect(status.getByText('The ordering service is available.')).toBeVisible()
  await expect(status.getByRole('table', { name: 'Components' }).getByRole('row', { name: /ordering/ })).toContainText('Available')
  await expect(status.getByText('API version 3.1.0')).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

test('the shell page speaks French when asked, and remembers it', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue dans Ordering Console' })).toBeVisible()
  await expect(page.getByText('Le service de commande est disponible.')).toBeVisible()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue dans Ordering Console' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

test('the shell page says the service is unavailable, with a way forward, during maintenance', async ({ page, request, signIn }) => {
  await signIn(PEOPLE.alice)
  await request.post('/sandbox/control/maintenance', { data: { enabled: true } })
  try {
    await page.goto('/')
    await expect(page.getByText('The ordering service is unavailable.')).toBeVisible()
  } finally {
    await request.post('/sandbox/control/maintenance', { data: { enabled: false } })
  }
})
