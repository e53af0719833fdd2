import { expect, expectNoAccessibilityViolation, PEOPLE, test } from './fixtures'

// The requests list's first view, rendered by the gateway into the HTML (docs/decisions/0026-first-view.md).

const LIST = '/requests?status=IN_PROGRESS,COMPLETED&sort=-createdAt'

test('the list’s rows come with the HTML: a browser with no script at all shows them, in the person’s language, and its links open requests', async ({
  page,
  browser,
  signIn,
}) => {
  await signIn(PEOPLE.alice, { path: LIST })
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(21)
  // French, chosen in the header: the cookie tells the gateway at once, not at the next start.
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible()
  // The catalog's type names in French come with the catalog asked for in French.
  await page.waitForLoadState('networkidle')
  const rows = await page.getByRole('table').getByRole('row').allInnerTexts()
  // The view is left out when it takes longer than the gateway's wait (a server just started, a busy machine): asked
  // again until the server has rendered it in time.
  await expect.poll(async () => (await page.request.get(LIST)).text(), { timeout: 30_000 }).toContain('<html lang="fr"')

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  try {
    const html = await noScript.newPage()
    // Opened again until the gateway renders in time (a view later than its wait is left out, and the page is the SPA).
    await expect
      .poll(
        async () => {
          await html.goto(LIST)
          return html.locator('html').getAttribute('lang')
        },
        { timeout: 30_000 },
      )
      .toBe('fr')
    await expect(html.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible()
    // The same rows the page shows, formatted the same way (language and time zone from the cookie).
    await expect(html.getByRole('table').getByRole('row')).toHaveText(
      rows.map((text) => text.replace(/\s+/g, ' ').trim()),
      { useInnerText: true },
    )
    await html.getByRole('table').getByRole('row').nth(1).getByRole('link').click()
    await expect(html).toHaveURL(/\/requests\/REQ/)
  } finally {
    await noScript.close()
  }
})

test('the page takes the HTML’s answers instead of asking again, hydrates the view in place, and works at once', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: LIST })
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(21)
  const asked: URL[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) asked.push(url)
  })
  // The HTML holds the view, rows and all, and the answers the page takes.
  let html = ''
  await expect.poll(async () => (html = await (await page.request.get(LIST)).text()), { timeout: 30_000 }).toContain('id="first-view-answers"')
  expect(html.match(/<tr[ >]/g)?.length).toBe(21)
  expect(html).toContain('<script type="application/json" id="first-view-answers">')
  // The first row as the HTML's parser puts it in the page, before any script of the page runs.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const row = document.querySelector<HTMLElement>('#root tbody tr')
      if (!row) return
      row.dataset.fromTheHtml = 'yes'
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  // Reloaded until the gateway renders in time (a view later than its wait is left out, and the page is the SPA).
  await expect
    .poll(
      async () => {
        asked.length = 0
        await page.reload()
        await expect(page.getByRole('table').getByRole('row')).toHaveCount(21)
        await page.waitForLoadState('networkidle')
        // Hydrated, not replaced: the row on screen is still the HTML's own element.
        return page.locator('#root tbody tr[data-from-the-html="yes"]').count()
      },
      { timeout: 45_000 },
    )
    .toBe(1)
  // Neither the session, nor the catalog, nor the first page (the account, the service's status and the next page, fetched
  // ahead, as always).
  const calls = () => asked.map((url) => `${url.pathname} ${url.searchParams.get('offset') ?? ''}`.trim())
  await expect.poll(calls).toContain('/api/ordering/v3/requests 20')
  for (const answered of ['/auth/session', '/api/ordering/v3/catalogItems', '/api/ordering/v3/requests 0']) expect(calls()).not.toContain(answered)
  // The page is the SPA's now: sorting asks for the next rows itself.
  await page.getByRole('button', { name: 'Request id' }).click()
  await expect(page).toHaveURL(/sort=-?id/)
  await expect.poll(() => asked.some((url) => url.pathname === '/api/ordering/v3/requests' && url.searchParams.get('sort')?.endsWith('id'))).toBe(true)
  await expectNoAccessibilityViolation(page)
})

test('a catalog item’s form comes with its answers and no view: the page renders the form without asking for the item, the account or the session', async ({
  page,
  signIn,
}) => {
  const FORM = '/requests/new?item=CI-BVPN-SITE'
  await signIn(PEOPLE.alice, { path: FORM })
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
  let html = ''
  await expect.poll(async () => (html = await (await page.request.get(FORM)).text()), { timeout: 30_000 }).toContain('id="first-view-answers"')
  // The answers, and the form's styles inline, but no form in the HTML: the page renders it (0026, amended).
  expect(html).toContain('<div id="root"></div>')
  expect(html).toContain('/api/ordering/v3/catalogItems/CI-BVPN-SITE')
  const asked: string[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) asked.push(url.pathname)
  })
  // Reloaded until the gateway answers in time (answers later than its wait are left out, and the page asks itself).
  await expect
    .poll(
      async () => {
        asked.length = 0
        await page.reload()
        await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
        await page.waitForLoadState('networkidle')
        return ['/auth/session', '/api/ordering/v3/catalogItems/CI-BVPN-SITE', '/api/ordering/v3/me'].filter((path) => asked.includes(path))
      },
      { timeout: 45_000 },
    )
    .toEqual([])
  await expectNoAccessibilityViolation(page)
})

test('nobody signed in, or a cookie that is not the early start’s, gets the page without a first view', async ({ request, page, signIn }) => {
  const cookie = (value: string) => ({ Cookie: `ordering-console.first-view=${value}` })
  const good = encodeURIComponent(JSON.stringify({ language: 'en', timeZone: 'UTC', stored: {} }))
  const signedOut = await request.get(LIST, { headers: cookie(good) })
  expect(signedOut.status()).toBe(200)
  expect(await signedOut.text()).toContain('<div id="root"></div>')

  await signIn(PEOPLE.alice, { path: LIST })
  const session = (await page.context().cookies()).find((one) => one.name === 'oc_session')!
  const withSession = (value: string) => ({ Cookie: `oc_session=${session.value}; ordering-console.first-view=${value}` })
  for (const hostile of [
    encodeURIComponent(JSON.stringify({ language: 'de', timeZone: 'UTC', stored: {} })),
    encodeURIComponent(JSON.stringify({ language: 'en', timeZone: 'Mars/Olympus', stored: {} })),
    encodeURIComponent(JSON.stringify({ language: 'en', timeZone: 'UTC', stored: { 'ordering-console.theme': 'dark' } })),
    encodeURIComponent(JSON.stringify({ language: 'en', timeZone: 'UTC', stored: { 'ordering-console.requests.columns': 'x'.repeat(600) } })),
    '%E0%A4%A',
    'x'.repeat(3_000),
  ]) {
    const answer = await request.get(LIST, { headers: withSession(hostile) })
    expect(answer.status()).toBe(200)
    expect(await answer.text()).toContain('<div id="root"></div>')
  }
  const served = await request.get(LIST, { headers: withSession(good) })
  expect(served.headers()['cache-control']).toBe('private, no-cache')
  expect(served.headers()['vary']).toContain('Cookie')
  expect(await served.text()).toMatch(/<div id="root"><a class="skip-link"/)
})

test('the dashboard’s counts come with the HTML too, and the page hydrates them without asking again', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/' })
  const byStatus = page.getByRole('group', { name: 'Requests by status' })
  await expect(byStatus.getByRole('link').first()).toBeVisible()
  await expect.poll(async () => (await page.request.get('/')).text(), { timeout: 30_000 }).toContain('aria-label="Requests by status"')
  const asked: URL[] = []
  const rendered: string[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) asked.push(url)
  })
  page.on('console', (message) => {
    if (message.text().includes('rendered again in the browser')) rendered.push(message.text())
  })
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const bar = document.querySelector<HTMLElement>('#root [role="group"][aria-label="Requests by status"] a')
      if (!bar) return
      bar.dataset.fromTheHtml = 'yes'
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  // Reloaded until the gateway renders in time (a view later than its wait is left out, and the page is the SPA).
  await expect
    .poll(
      async () => {
        asked.length = 0
        await page.reload()
        await expect(byStatus.getByRole('link').first()).toBeVisible()
        await page.waitForLoadState('networkidle')
        // Hydrated, not replaced, and with the same counts the HTML had.
        return page.locator('#root a[data-from-the-html="yes"]').count()
      },
      { timeout: 45_000 },
    )
    .toBe(1)
  expect(rendered).toEqual([])
  // None of the calls the HTML answered is made again (the key figures ask for their own counts, as always).
  let html = ''
  await expect.poll(async () => (html = await (await page.request.get('/')).text()), { timeout: 30_000 }).toContain('id="first-view-answers"')
  const answered = Object.keys(JSON.parse(/id="first-view-answers">(.*?)<\/script>/.exec(html)![1]!) as object)
  expect(answered.some((address) => address.includes('/requests/aggregate') && address.includes('groupBy=status'))).toBe(true)
  for (const address of answered) expect(asked.map((url) => `${url.pathname}${url.search}`)).not.toContain(address)
  expect(asked.map((url) => url.pathname)).not.toContain('/auth/session')
  await expectNoAccessibilityViolation(page)
})
