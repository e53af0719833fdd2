import { z } from 'zod'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { contractBox, expect, expectNoAccessibilityViolation, field, fillDate, getJson, PEOPLE, test, today, openMoreDetails } from './fixtures'

const BANDWIDTHS = [10, 20, 50, 100, 200, 500, 1000]

test('a customer changes the bandwidth of a delivered internet access from its page, and sees the new request', async ({ page, signIn }) => {
  await signIn(PEOPLE.alice)
  // A delivered access whose service nobody is terminating.
  const delivered = await getJson(page.request, '/requests?status=COMPLETED&category=creation&type=INTERNET_ACCESS&limit=100', z.array(ZRequest))
  const terminations = await getJson(page.request, '/requests?category=termination&limit=100', z.array(ZRequest))
  const ended = new Set(terminations.filter((t) => t.status !== 'REJECTED').map((t) => t.relatedRequestId))
  const target = delivered.find((request) => !ended.has(request.id))
  expect(target).toBeDefined()
  const { bandwidthMbps, staticIp } = target!.properties.options as { bandwidthMbps: number; staticIp: boolean }
  const wanted = BANDWIDTHS.find((value) => value !== bandwidthMbps)!

  await page.goto(`/requests/${target!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: target!.name })).toBeVisible()
  await page.getByRole('region', { name: 'What you can do' }).getByRole('link', { name: 'Modify this request' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Change an access' })).toBeVisible()
  await expect(page.getByText(`Changes request ${target!.id}. Its current values are filled in.`)).toBeVisible()
  await expect(field(page, 'Request').first()).toHaveValue(target!.id)
  await expect(contractBox(page)).toHaveValue(target!.contract)
  await expect(field(page, 'Bandwidth (Mbit/s)')).toHaveValue(String(bandwidthMbps))
  await expect(field(page, 'Static IP address')).toHaveValue(String(staticIp))
  await expect(field(page.getByRole('group', { name: 'Primary contact' }), 'Last name')).toHaveValue(target!.properties.contacts!.primary.lastName)
  const reference = await field(page, 'Your reference').inputValue()

  await openMoreDetails(page)
  await field(page, 'Bandwidth (Mbit/s)').selectOption(String(wanted))
  await fillDate(page, 'Requested date', addDaysToIsoDate(today(), 10))
  await expectNoAccessibilityViolation(page)
  await page.getByRole('button', { name: 'Send the request' }).click()

  await expect(page).toHaveURL(/\/requests\/REQ\d{8}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  expect(id).not.toBe(target!.id)
  await expect(page.getByRole('heading', { level: 1, name: 'Change an access' })).toBeVisible()
  await expect(page.getByRole('link', { name: target!.id })).toHaveAttribute('href', `/requests/${target!.id}`)
  const created = await getJson(page.request, `/requests/${id}`, ZRequest)
  expect(created).toMatchObject({
    type: 'INTERNET_ACCESS_CHANGE',
    category: 'modification',
    status: 'NEW',
    relatedRequestId: target!.id,
    customerReference: reference,
    contract: target!.contract,
    keyDates: { requestedAt: addDaysToIsoDate(today(), 10) },
    properties: { options: { bandwidthMbps: wanted, staticIp } },
  })
  // The delivered access is still delivered: the change is a request of its own.
  expect((await getJson(page.request, `/requests/${target!.id}`, ZRequest)).status).toBe('COMPLETED')
})

test('the account manager, read-only, is offered no "Modify" on a delivered access', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  const [delivered] = await getJson(page.request, '/requests?status=COMPLETED&category=creation&type=INTERNET_ACCESS&limit=1', z.array(ZRequest))
  await page.goto(`/requests/${delivered!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: delivered!.name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Service' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'What you can do' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Modify this request' })).toHaveCount(0)
})
