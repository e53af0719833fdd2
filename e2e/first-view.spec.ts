import { ZSandboxRequest as ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import {
  dateField,
  expect,
  expectNoAccessibilityViolation,
  field,
  fillSite,
  formAddress,
  getJson,
  openFormBeforeCode,
  openMoreDetails,
  PEOPLE,
  test,
  today,
  typeDateAsShown,
} from './fixtures'

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

test('a catalog item’s form comes in the HTML and works before the page’s code: what is typed, and a send pressed then, are taken over and sent once', async ({
  page,
  signIn,
}) => {
  await signIn(PEOPLE.alice, { path: '/catalog' })
  const form = await formAddress(page, 'Business internet access')
  const posts: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/ordering/v3/requests') posts.push(sent.url())
  })
  const release = await openFormBeforeCode(page, form)
  const requestForm = page.getByRole('form', { name: 'Request form' })
  await expect(requestForm).toBeVisible()
  // The HTML's form: no reference made up (the page makes it), the date typed in the order its empty field shows, the
  // browser's (American English here, as the first-view cookie says; British English is the default).
  await expect(field(page, 'Requested date')).toHaveAttribute('placeholder', 'mm/dd/yyyy')
  const requested = addDaysToIsoDate(today(), 12)
  await typeDateAsShown(page, 'Requested date', requested)
  await field(page, 'Your reference').fill('PO-BEFORE-CODE')
  await field(page, 'Contract').fill('ACM-000101')
  await fillSite(page)
  const contact = page.getByRole('group', { name: 'Primary contact' })
  await field(contact, 'First name').fill('Ada')
  await field(contact, 'Last name').fill('Lovelace')
  await field(page, 'Billing account code').fill('BA-7')
  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption('100')
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(requestForm.getByRole('status').filter({ hasText: 'Your request will be sent as soon as the page has finished loading' })).toBeVisible()
  expect(posts).toEqual([])
  // The HTML's form is as accessible as the page's.
  await expectNoAccessibilityViolation(page, 'the form before the page’s code')

  release()
  await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/, { timeout: 20_000 })
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  const created = await getJson(page.request, `/requests/${id}`, ZRequest)
  expect(created).toMatchObject({
    type: 'INTERNET_ACCESS',
    customerReference: 'PO-BEFORE-CODE',
    contract: 'ACM-000101',
    keyDates: { requestedAt: requested },
    properties: { options: { bandwidthMbps: 100 }, billingAccount: { code: 'BA-7' } },
  })
  expect(posts).toHaveLength(1)
})

test('what is typed in the HTML’s form stays, with the focus and the caret, when the page’s code takes it over', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/catalog' })
  const form = await formAddress(page, 'Business internet access')
  const asked: string[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) asked.push(url.pathname)
  })
  const release = await openFormBeforeCode(page, form)
  await field(page, 'Requested date').fill('31/02/2027')
  await field(page, 'Billing account code').fill('BA-')
  await expect(field(page, 'Billing account code')).toBeFocused()
  release()
  // The page's own form: the date picker comes with it, its segments in place of the typed date.
  await expect(dateField(page, 'Requested date').getByRole('spinbutton').first()).toBeVisible({ timeout: 20_000 })
  await expect(field(page, 'Billing account code')).toHaveValue('BA-')
  await expect(field(page, 'Billing account code')).toBeFocused()
  await page.keyboard.type('9')
  await expect(field(page, 'Billing account code')).toHaveValue('BA-9')
  // A date the page cannot read is said, with what was typed, not dropped in silence.
  await expect(page.getByText('The date “31/02/2027” could not be read: type it like 01/31/2027, or choose it in the calendar.')).toBeVisible()
  // The answers came with the HTML: neither the session, nor the item, nor the account asked again.
  await page.waitForLoadState('networkidle')
  expect(asked.filter((path) => path === '/auth/session' || path.startsWith('/api/ordering/v3/catalogItems/') || path === '/api/ordering/v3/me')).toEqual([])
  await expectNoAccessibilityViolation(page)
})

test('a send held with a date the page cannot read is not made: the date says why, and has the focus', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/catalog' })
  const form = await formAddress(page, 'Business internet access')
  let posts = 0
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/ordering/v3/requests') posts += 1
  })
  const release = await openFormBeforeCode(page, form)
  await field(page, 'Requested date').fill('12/2027')
  await field(page, 'Your reference').press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Your request will be sent as soon as the page has finished loading' })).toBeVisible()
  release()
  await expect(
    page.getByText('The date “12/2027” could not be read, so your request was not sent: type it like 01/31/2027, or choose it in the calendar, then send it.'),
  ).toBeVisible({ timeout: 20_000 })
  await expect(dateField(page, 'Requested date').getByRole('spinbutton').first()).toBeFocused()
  await page.waitForLoadState('networkidle')
  expect(posts).toBe(0)
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
