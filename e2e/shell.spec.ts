import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

// The home page is the dashboard (docs/decisions/0013-dashboard.md); the service status and version are on the API page
// (docs/decisions/0016-errors-faults-and-languages.md, "Pages").
test('the shell page opens on the dashboard once signed in', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Requests by status' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

// The header's signed-in part is a chunk of its own (src/app/shell/signed-in-part.ts, docs/decisions/0024-delivery.md).
test('the sign-in page goes without the header’s signed-in part; a signed-in page shows it, and itself, with its first paint', async ({ page, signIn }) => {
  const scripts: string[] = []
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname)
  })
  await page.goto('/sign-in')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((path) => path.includes('signed-in-header'))).toEqual([])

  // What the header holds when it is first put on the page, in every document of this tab.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const header = document.querySelector('header')
      if (!header) return
      document.documentElement.dataset.headerAtFirstPaint = JSON.stringify({
        navigation: header.querySelector('nav') !== null,
        account: header.querySelector('[role="group"]') !== null,
        // The page itself, not the shell's placeholder while its code arrives (src/app/first-render.ts).
        heading: document.querySelector('main h1')?.textContent ?? null,
      })
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  await signIn(PEOPLE.alice, { path: '/requests' })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
  expect(JSON.parse((await page.locator('html').getAttribute('data-header-at-first-paint')) ?? 'null')).toEqual({
    navigation: true,
    account: true,
    heading: 'Requests',
  })
  expect(scripts.filter((path) => path.includes('signed-in-header')).length).toBeGreaterThan(0)
})

test('the shell page speaks French when asked, and remembers it', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Demandes par statut' })).toBeVisible()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
  // The page's own messages came in French with its first frame (src/main.tsx makes the router once the language is known).
  await expect(page.getByRole('group', { name: 'Demandes par statut' })).toBeVisible()
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
