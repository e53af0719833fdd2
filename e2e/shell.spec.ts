import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

// The home page is the dashboard (docs/decisions/0013-dashboard.md); the service status and version are on the API page
// (docs/decisions/0016-errors-faults-and-languages.md, "Pages").
test('the shell page opens on the dashboard once signed in', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Requests by status' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

test('the shell page speaks French when asked, and remembers it', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Demandes par statut' })).toBeVisible()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

test('the dashboard says what failed, with the request id and a way forward, during maintenance', async ({ page, request, signIn }) => {
  await signIn(PEOPLE.alice)
  await request.post('/sandbox/control/maintenance', { data: { enabled: true } })
  try {
    await page.goto('/')
    const failure = page.getByRole('alert').first()
    await expect(failure).toContainText('Request id to quote to support:')
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible()
  } finally {
    await request.post('/sandbox/control/maintenance', { data: { enabled: false } })
  }
})
