import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

test('a customer opens the Cloud page, reads every instance of a project in a region, and axe finds nothing', async ({ page, signIn }) => {
  // Three axe scans, one of a 100-row table, on a shared machine.
  test.slow()
  await signIn(PEOPLE.alice)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cloud' }).click()
  await expect(page).toHaveURL(/\/cloud$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud resources' })).toBeVisible()
  const regions = page.getByRole('region', { name: 'Regions' })
  await expect(regions.getByText('6 regions')).toBeVisible()
  await expectNoAccessibilityViolation(page)

  const instances = page.getByRole('region', { name: 'Instances' })
  await instances.getByLabel('Project').selectOption({ label: 'Acme production' })
  await instances.getByLabel('Region').selectOption({ label: 'Paris' })
  await expect(page).toHaveURL(/\/cloud\?project=1101&region=1$/)
  await expect(instances.getByText('2,500 instances of Acme production in Paris')).toBeVisible()
  await expect(instances.getByRole('table', { name: 'Instances, 100 shown of 2,500' }).getByRole('row')).toHaveCount(101)
  await expectNoAccessibilityViolation(page)

  // The cloud key stays on the server: the browser's calls carry none, and the page's code holds none.
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/cloud/v1/')) calls.push(request.headers().authorization ?? '')
  })
  await instances.getByLabel('Region').selectOption({ label: 'Madrid' })
  await expect(instances.getByText('1,001 instances of Acme production in Madrid')).toBeVisible()
  expect(calls).toEqual(['', ''])
  await expectNoAccessibilityViolation(page)
  const built = readdirSync('dist', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  expect(built.some((entry) => entry.name.startsWith('cloud-') && entry.name.endsWith('.js'))).toBe(true)
  for (const entry of built) expect(readFileSync(join(entry.parentPath, entry.name), 'utf8')).not.toContain('sandbox-cloud-api-key')
})

test('a project without instances in a region says so, in French too', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/cloud?project=1103&region=1' })
  await expect(page.getByText('Acme lab has no instance in Paris.')).toBeVisible()
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByText('Acme lab n’a aucune instance à Paris.')).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

test('the page shows how far the reading has come, and the person can stop it and read again', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/cloud' })
  // The second page is held back until the test lets it go (the answer itself is the sandbox's), so the progress
  // can be seen and stopped however slow the machine is.
  const secondPage = '**/api/cloud/v1/instances/1101/1?limit=1000&offset=1000'
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(secondPage, async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  const instances = page.getByRole('region', { name: 'Instances' })
  await instances.getByLabel('Project').selectOption({ label: 'Acme production' })
  await instances.getByLabel('Region').selectOption({ label: 'Paris' })
  await expect(instances.getByRole('status')).toHaveText('Reading the instances of Acme production in Paris: 1,000 of 2,500…')
  await expect(instances.getByRole('progressbar', { name: 'Instances read' })).toHaveAttribute('value', '1000')
  await expectNoAccessibilityViolation(page)
  await instances.getByRole('button', { name: 'Stop reading' }).click()
  await expect(instances.getByRole('status')).toContainText('Reading stopped')
  release()
  await page.unroute(secondPage)
  await instances.getByRole('button', { name: 'Read again' }).click()
  await expect(instances.getByText('2,500 instances of Acme production in Paris')).toBeVisible()
})

test('a person of another customer than the cloud key’s gets no Cloud entry, and the page, opened by its address, says why', async ({ page, signIn }) => {
  await signIn(PEOPLE.bruno)
  const navigation = page.getByRole('navigation', { name: 'Main' })
  await expect(navigation.getByRole('link', { name: 'Catalog' })).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Cloud' })).toHaveCount(0)
  await page.goto('/cloud')
  const unavailable = page.getByRole('region', { name: 'Not available for your company' })
  await expect(unavailable.getByText('Your company has no cloud resources on this console.')).toBeVisible()
  // A plain sentence, not an error: no red box, no status or code.
  await expect(unavailable.getByRole('alert')).toHaveCount(0)
  await expect(unavailable.getByText(/403|code 50/)).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Regions' })).toHaveCount(0)
  await expect(page.getByText('Acme production')).toHaveCount(0)
  await expectNoAccessibilityViolation(page)
})
