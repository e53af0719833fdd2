import type { Page } from '@playwright/test'
import { z } from 'zod'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import {
  contractBox,
  CONTROL_SECRET_HEADERS,
  dateField,
  expect,
  expectNoAccessibilityViolation,
  expectNoSidewaysScroll,
  field,
  fillContract,
  fillDate,
  fillSite,
  getJson,
  loseAnswersToPosts,
  PEOPLE,
  test,
  today,
  openMoreDetails,
} from './fixtures'

// Dates as a British English person reads them; the French test switches language (docs/decisions/0014).
test.use({ locale: 'en-GB' })

async function openForm(page: Page, itemName: string) {
  await page.goto('/catalog')
  await page.getByRole('link', { name: itemName }).click()
  await expect(page.getByRole('heading', { level: 1, name: itemName })).toBeVisible()
  await page.getByRole('link', { name: 'Fill in the request' }).click()
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
}

async function expectOpenedRequest(page: Page) {
  await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  return getJson(page.request, `/requests/${id}`, ZRequest)
}

test('a customer finds items by kind and search, and orders a business internet access from the catalog', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice, { path: '/catalog' })
  await expect(page.getByRole('heading', { level: 2, name: 'Order something new' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Cancel an order' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  await page.getByLabel('Search the catalog').fill('vpn')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=vpn/)
  await expect(page.getByRole('link', { name: 'Business internet access' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Business VPN site' })).toBeVisible()

  await openForm(page, 'Business internet access')
  const reference = await field(page, 'Your reference').inputValue()
  expect(reference).toMatch(/^OC-/)
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 10))
  await fillContract(page, 'ACM-000101')
  await fillSite(page)
  const contact = page.getByRole('group', { name: 'Primary contact' })
  await field(contact, 'First name').fill('Ada')
  await field(contact, 'Last name').fill('Lovelace')
  await openMoreDetails(contact)
  await field(contact, 'Phone').fill('+33 4 00 00 00 00')
  await field(page, 'Billing account code').fill('BA-7')
  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption('100')
  await openMoreDetails(page)
  await field(page, 'Static IP address').selectOption('true')
  await expectNoAccessibilityViolation(page)
  await page.getByRole('button', { name: 'Send the request' }).click()

  const created = await expectOpenedRequest(page)
  expect(created).toMatchObject({
    type: 'INTERNET_ACCESS',
    customerReference: reference,
    contract: 'ACM-000101',
    properties: { options: { bandwidthMbps: 100, staticIp: true }, billingAccount: { code: 'BA-7' } },
  })
})

// The one date style of the person's language (docs/decisions/0037-one-way-each.md).
const shownDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`))

test('a customer orders a BVPN site; the three rules are sentences at their fields and in a summary that leads to each', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openForm(page, 'Business VPN site')
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 6))
  await field(page, 'Your reference').fill('R'.repeat(19))
  await fillContract(page, 'C'.repeat(11))
  await expect(page.getByText('19 of 18 characters', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('11 of 10 characters', { exact: true }).first()).toBeVisible()

  await page.getByRole('button', { name: 'Send the request' }).click()
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /There is a problem/ }) })
  await expect(summary.getByRole('heading', { level: 2 })).toBeFocused()
  const date = `Choose a date on or after ${shownDate(addDaysToIsoDate(today(), 7), 'en')}: requests need at least 7 days.`
  expect(date).toContain(
    ' ' + new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(Date.parse(`${addDaysToIsoDate(today(), 7)}T00:00:00Z`)) + ' ',
  )
  const reference = 'Your reference: use at most 18 characters (you have 19).'
  const contract = 'Contract: use at most 10 characters (you have 11).'
  await expect(summary.getByRole('link').nth(0)).toHaveText(date)
  await expect(summary.getByRole('link').nth(1)).toHaveText(reference)
  await expect(summary.getByRole('link').nth(2)).toHaveText(contract)
  await expect(dateField(page, 'Requested date')).toHaveAccessibleDescription(new RegExp(date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await expect(field(page, 'Your reference')).toHaveAccessibleDescription(new RegExp(reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await expect(contractBox(page)).toHaveAccessibleDescription(new RegExp(contract.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  // The date field shows the date the British way: day, month, year.
  await expect(dateField(page, 'Requested date').getByRole('spinbutton').first()).toHaveAttribute('data-type', 'day')
  await expectNoAccessibilityViolation(page)
  await summary.getByRole('link', { name: contract }).click()
  await expect(contractBox(page)).toBeFocused()

  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 7))
  await field(page, 'Your reference').fill('BVPN-E2E-1')
  await fillContract(page, 'ACM-000102')
  await field(page, 'Network identifier').fill('NET-ACM-1')
  await fillSite(page)
  await openMoreDetails(page)
  await field(page, 'Class of service').selectOption('GOLD')
  await page.getByRole('button', { name: 'Send the request' }).click()
  const created = await expectOpenedRequest(page)
  expect(created).toMatchObject({ type: 'C_BVPN_SITE', customerReference: 'BVPN-E2E-1', properties: { network: { id: 'NET-ACM-1' }, profile: 'GOLD' } })
  // The page it lands on says so, in a live region.
  await expect(page.getByRole('status').filter({ hasText: `Request ${created.id} was sent.` })).toBeVisible()
})

test('in French: the summary and the sentences say the three rules with French dates, the field shows jj/mm/aaaa', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await page.getByLabel('Language').selectOption('fr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.goto('/requests/new?item=CI-BVPN-SITE')
  await expect(page.getByRole('form', { name: 'Formulaire de demande' })).toBeVisible()
  const dateGroup = page.locator('#field-requestedAt')
  await expect(dateGroup.getByRole('spinbutton').nth(0)).toHaveAttribute('data-type', 'day')
  await expect(dateGroup.getByRole('spinbutton').nth(1)).toHaveAttribute('data-type', 'month')
  const segments = dateGroup.getByRole('spinbutton')
  const wrong = addDaysToIsoDate(today(), 6)
  const [year, month, day] = wrong.split('-') as [string, string, string]
  for (const [index, part] of [day, month, year].entries()) {
    await segments.nth(index).click()
    await segments.nth(index).pressSequentially(part)
  }
  await expect(dateGroup).toHaveText(new RegExp(`${day}.?/.?${month}.?/.?${year}`))
  await page.locator('#field-customerReference').fill('R'.repeat(19))
  await page.locator('#field-contract').fill('C'.repeat(11))
  await page.keyboard.press('Tab')
  await page.getByRole('button', { name: 'Envoyer la demande' }).click()
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /Il y a un problème/ }) })
  await expect(summary.getByRole('heading', { level: 2 })).toBeFocused()
  const earliest = shownDate(addDaysToIsoDate(today(), 7), 'fr')
  await expect(summary.getByRole('link').nth(0)).toHaveText(`Choisissez une date à partir du ${earliest} : une demande exige un délai d’au moins 7 jours.`)
  await expect(summary.getByRole('link').nth(1)).toHaveText(/ : utilisez au plus 18 caractères \(vous en avez 19\)\.$/)
  await expect(summary.getByRole('link').nth(2)).toHaveText(/ : utilisez au plus 10 caractères \(vous en avez 11\)\.$/)
  await expectNoAccessibilityViolation(page)
})

test('"fix and resubmit" keeps the buyer’s reference and shows the rejection reasons beside their fields', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const rejected = await getJson(page.request, '/requests?status=REJECTED&category=creation&type=INTERNET_ACCESS&limit=20', z.array(ZRequest))
  const source = rejected.find((request) => request.customerReference && request.rejectionReasons.some((reason) => reason.reason === 'BILLING_ACCOUNT_UNKNOWN'))
  expect(source).toBeDefined()
  await page.goto(`/requests/new?action=resubmit&from=${source!.id}`)
  await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
  await expect(field(page, 'Your reference')).toHaveValue(source!.customerReference!)
  const reason = source!.rejectionReasons.find((entry) => entry.reason === 'BILLING_ACCOUNT_UNKNOWN')!
  await expect(field(page, 'Billing account code')).toHaveAccessibleDescription(
    new RegExp(`Why it was refused: ${reason.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  )
  await expect(page.getByText(`Why it was refused: ${reason.message}`)).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`the form at ${viewport.width}×${viewport.height}: no sideways scroll, axe clean, empty and with its summary`, async ({ page, signIn }) => {
    await signIn(PEOPLE.alice)
    await page.setViewportSize(viewport)
    await page.goto('/requests/new?item=CI-INTERNET-ACCESS')
    await expect(page.getByRole('form', { name: 'Request form' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoAccessibilityViolation(page)
    await page.getByRole('button', { name: 'Send the request' }).click()
    await expect(page.getByRole('heading', { name: /There is a problem/ })).toBeFocused()
    await expectNoSidewaysScroll(page)
    await expectNoAccessibilityViolation(page)
    await page.goto('/catalog')
    await expect(page.getByRole('heading', { level: 2, name: 'Order something new' })).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
}

test('the draft survives a reload, and leaving with unsaved changes asks first', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openForm(page, 'Ethernet link')
  await fillContract(page, 'ACM-000103')
  await field(page, 'City').fill('Nantes')
  await field(page, 'Label').fill('voice')
  await field(page, 'VLAN id').fill('42')
  await page.getByRole('button', { name: 'Add a VLAN' }).click()
  await expect(page.getByRole('group', { name: 'VLAN 2' })).toBeVisible()

  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type())
    void dialog.accept()
  })
  await page.reload()
  await expect(page.getByText(/Your draft from .* is back/)).toBeVisible()
  expect(dialogs).toEqual(['beforeunload'])
  await expect(contractBox(page)).toHaveValue('ACM-000103')
  await expect(field(page, 'City')).toHaveValue('Nantes')
  await expect(page.getByRole('group', { name: 'VLAN 1' }).getByLabel(/^VLAN id/)).toHaveValue('42')
  await expect(page.getByRole('group', { name: 'VLAN 2' })).toBeVisible()

  await field(page, 'City').fill('Rennes')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Leave this form?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay on the form' }).click()
  await expect(page).toHaveURL(/\/requests\/new/)
  await expect(field(page, 'City')).toHaveValue('Rennes')
})

test('when the answer to a POST is lost, the request is found by its reference and opened, never sent twice', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  await openForm(page, 'Business internet access')
  const reference = await field(page, 'Your reference').inputValue()
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 8))
  await fillContract(page, 'ACM-000101')
  await fillSite(page)
  await field(page, 'First name').fill('Grace')
  await field(page, 'Last name').fill('Hopper')
  await openMoreDetails(page)
  await field(page, 'E-mail').fill('grace@example.com')
  await field(page, 'Billing account code').fill('BA-8')
  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption('50')

  // The server receives the request and creates it; the browser never sees the answer.
  const posts = await loseAnswersToPosts(page)
  await page.getByRole('button', { name: 'Send the request' }).click()
  const opened = await expectOpenedRequest(page)
  await expect(page.getByRole('status').filter({ hasText: `your request arrived: this is request ${opened.id}` })).toBeVisible()
  expect(posts.count).toBe(1)
  expect(opened.customerReference).toBe(reference)
  const sameReference = await getJson(page.request, `/requests?customerReference=${encodeURIComponent(reference)}`, z.array(ZRequest))
  expect(sameReference.map((request) => request.id)).toEqual([opened.id])
})

test('a customer cancels an order in progress, after confirming', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  const [target] = await getJson(page.request, '/requests?status=IN_PROGRESS&category=creation&type=INTERNET_ACCESS&limit=1', z.array(ZRequest))
  expect(target).toBeDefined()
  await page.goto(`/requests/${target!.id}`)
  await page.getByRole('link', { name: 'Cancel this request' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel an order' })).toBeVisible()
  // The request to cancel, chosen in a combobox whose button shares its label (0034): the input comes first.
  await expect(field(page, 'Request').first()).toHaveValue(target!.id)
  await expect(contractBox(page)).toHaveValue(target!.contract)
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 7))
  await openMoreDetails(page)
  await field(page, 'Comment').fill('No longer needed.')
  await expectNoAccessibilityViolation(page)
  await page.getByRole('button', { name: 'Send the request' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' })
  await expect(confirm).toContainText(target!.id)
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click()
  const cancellation = await expectOpenedRequest(page)
  await expect(page.getByRole('status').filter({ hasText: `Cancellation request ${cancellation.id} was sent: the order will be cancelled.` })).toBeVisible()
  expect(cancellation).toMatchObject({ type: 'REQUEST_CANCELLATION', category: 'cancellation', relatedRequestId: target!.id, comment: 'No longer needed.' })
})

test('a customer cancels an order from the catalog, finding it in the list by part of its id, then of its name', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  // The newest order in progress: among the open requests the field lists, newest first (0034).
  const [target] = await getJson(page.request, '/requests?status=IN_PROGRESS&category=creation&type=INTERNET_ACCESS&sort=-createdAt&limit=1', z.array(ZRequest))
  expect(target).toBeDefined()
  await openForm(page, 'Cancel an order')
  const box = page.getByRole('combobox', { name: /^Request( \(required\))?$/ })
  const option = page.getByRole('option', { name: new RegExp(`^${target!.id} `) })
  await expect(box).toHaveValue('')

  await box.click()
  await box.pressSequentially(target!.id.slice(-5))
  await expect(option).toBeVisible()
  await expect(page.getByRole('option')).not.toHaveCount(0)
  await box.fill('')
  // The part of the name that tells requests apart (its site, after the type), as a person remembers it.
  const part = target!.name.split(' – ').at(-1)!.slice(0, 12)
  await box.pressSequentially(part)
  await expect(page.getByRole('option').filter({ hasNotText: part })).toHaveCount(0)
  await option.click()
  await expect(box).toHaveValue(target!.id)

  await fillContract(page, target!.contract)
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 7))
  await page.getByRole('button', { name: 'Send the request' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' })
  await expect(confirm).toContainText(target!.id)
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click()
  const cancellation = await expectOpenedRequest(page)
  expect(cancellation).toMatchObject({ type: 'REQUEST_CANCELLATION', relatedRequestId: target!.id })
})

test('an item added to the catalog at run time, with a type and fields the console has never seen, is ordered like any other', async ({ page, signIn }) => {
  const type = `DRONE_SURVEY_${Date.now()}`
  const added = await page.request.post('/sandbox/control/catalogItems', {
    headers: CONTROL_SECRET_HEADERS,
    data: {
      id: `CI-${type}`,
      type,
      name: 'Drone survey',
      description: 'A drone flies over your site before works.',
      variant: 'createRequestsGeneric',
      schema: {
        type: 'object',
        properties: {
          type: { type: 'string', const: type },
          requestedAt: { type: 'string', format: 'date', title: 'Requested date' },
          contract: { type: 'string', minLength: 1, maxLength: 10, title: 'Contract' },
          attachments: {
            type: 'array',
            maxItems: 2,
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, body: { type: 'string', contentEncoding: 'base64', maxLength: 1400 } },
              required: ['name', 'body'],
            },
          },
          properties: {
            type: 'object',
            properties: {
              flight: {
                type: 'object',
                title: 'Flight',
                properties: {
                  altitudeM: { type: 'integer', minimum: 10, maximum: 120, title: 'Altitude (m)' },
                  camera: { type: 'string', enum: ['RGB', 'THERMAL'], title: 'Camera' },
                  night: { type: 'boolean', title: 'At night' },
                },
                required: ['altitudeM', 'camera'],
              },
              waypoints: {
                type: 'array',
                minItems: 1,
                title: 'Waypoints',
                items: {
                  type: 'object',
                  title: 'Waypoint',
                  properties: { label: { type: 'string', maxLength: 20, title: 'Waypoint label' } },
                  required: ['label'],
                },
              },
              pilotNote: { oneOf: [{ type: 'string' }, { type: 'number' }], title: 'Note to the pilot' },
            },
            required: ['flight', 'waypoints'],
          },
        },
        required: ['type', 'requestedAt', 'contract', 'attachments', 'properties'],
      },
    },
  })
  expect(added.status()).toBe(201)

  await signIn(PEOPLE.alice)
  await openForm(page, 'Drone survey')
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 9))
  await fillContract(page, 'ACM-000101')
  await openMoreDetails(page)
  await field(page, 'Altitude (m)').fill('300')
  await field(page, 'Camera').selectOption('THERMAL')
  await field(page, 'Waypoint label').fill('North gate')
  await field(page, 'Note to the pilot').fill('Mind the crane')
  await expect(page.getByText('Up to 2 files, each at most 1 KiB.')).toBeVisible()
  await openMoreDetails(page)
  await field(page, 'Attachments').setInputFiles([
    { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('gate at the north') },
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5000) },
  ])
  await expect(page.getByText('big.bin is 4.9 KiB: files may be at most 1 KiB. It was not added.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText('plan.txt')
  await page.getByRole('button', { name: 'Send the request' }).click()
  // The summary takes the focus and leads to the field (docs/decisions/0014-creation-forms.md).
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /There is a problem/ }) })
  await expect(summary.getByRole('heading', { level: 2 })).toBeFocused()
  await summary.getByRole('link', { name: /Altitude/ }).click()
  await expect(field(page, 'Altitude (m)')).toBeFocused()
  await expect(field(page, 'Altitude (m)')).toHaveAccessibleDescription(/120/)
  await field(page, 'Altitude (m)').fill('90')
  await page.getByRole('button', { name: 'Send the request' }).click()
  const created = await expectOpenedRequest(page)
  expect(created).toMatchObject({
    type,
    properties: { flight: { altitudeM: 90, camera: 'THERMAL' }, waypoints: [{ label: 'North gate' }], pilotNote: 'Mind the crane' },
    attachments: [{ name: 'plan.txt', size: 17, mimeType: 'text/plain' }],
  })
})

test('a read-only person reads the catalog but never reaches a form', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc, { path: '/catalog' })
  await page.getByRole('link', { name: 'Business internet access' }).click()
  await expect(page.getByText('Your access is read-only: you can read the catalog but not send requests.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Fill in the request' })).toHaveCount(0)
  await expectNoAccessibilityViolation(page)
  await page.goto('/requests/new?item=CI-INTERNET-ACCESS')
  await expect(page.getByRole('heading', { level: 2, name: 'Your access is read-only' })).toBeVisible()
  await expect(page.getByText(/but not send requests: your access is read-only/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Business internet access' })).toBeVisible()
  await expect(page.getByRole('form')).toHaveCount(0)
  await expectNoAccessibilityViolation(page)
})
