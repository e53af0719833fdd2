// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '@/testing/render-app'

const ALICE = 'alice@acme.example'
const today = () => new Date().toISOString().slice(0, 10)
const LONG = { timeout: 8_000 }

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
// Drafts are kept per person and item: each test starts with none.
beforeEach(() => localStorage.clear())

function requestId(where: string): string {
  const row = server.sandbox!.db.prepare(`SELECT id FROM requests WHERE ${where} ORDER BY seq LIMIT 1`).get() as { id: string } | undefined
  if (!row) throw new Error(`No seeded request where ${where}`)
  return row.id
}

async function readRequest(id: string) {
  const response = await fetch(`/api/ordering/v3/requests/${id}`, { headers: { Accept: 'application/json' } })
  expect(response.status).toBe(200)
  return ZRequest.parse(await response.json())
}

/** A generated field by its label, with or without its "(required)" mark. */
function field(label: string, scope: HTMLElement = document.body) {
  return within(scope).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(required\\))?$`))
}

async function openForm(path: string) {
  const rendered = await renderApp({ server, signedInAs: ALICE, path })
  await screen.findByRole('form', { name: 'Request form' }, LONG)
  return rendered
}

function pickDate(value: string) {
  const input = field('Requested date')
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

async function fillSite() {
  const location = screen.getByRole('group', { name: 'Location' })
  await userEvent.type(field('Street', location), '1 rue de la Paix')
  await userEvent.type(field('Postal code', location), '75002')
  await userEvent.type(field('City', location), 'Paris')
  await userEvent.type(field('Country', location), 'FR')
}

describe('new request route', () => {
  it('puts a business refusal (422 unknown contract) on the field it concerns, with the request id to quote', async () => {
    await openForm('/requests/new?item=CI-BVPN-SITE')
    expect(screen.getByRole('heading', { level: 1, name: 'Business VPN site' })).toBeInTheDocument()
    pickDate(addDaysToIsoDate(today(), 9))
    await userEvent.type(field('Contract'), 'ZZZ-1')
    await userEvent.type(field('Network identifier'), 'NET-ACM-1')
    await fillSite()
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    const contract = field('Contract')
    await waitFor(() => expect(contract).toHaveAttribute('aria-invalid', 'true'), LONG)
    expect(contract).toHaveAccessibleDescription(expect.stringContaining('ZZZ-1'))
    await waitFor(() => expect(contract).toHaveFocus())
    expect(screen.getByText(/Quote this id to support/).querySelector('code')?.textContent).toMatch(/^[0-9a-f-]{36}$/)
    expect(window.location.pathname).toBe('/requests/new')
  })

  it('prefills "fix and resubmit" from the rejected request, with a fresh reference', async () => {
    const id = requestId("customer_id='C001' AND status='REJECTED' AND type='INTERNET_ACCESS' AND category='creation'")
    await openForm(`/requests/new?action=resubmit&from=${id}`)
    const source = await readRequest(id)
    expect(screen.getByRole('heading', { level: 1, name: 'Business internet access' })).toBeInTheDocument()
    expect(screen.getByText(/filled in from rejected request/)).toBeInTheDocument()
    expect(field('Contract')).toHaveValue(source.contract)
    expect(field('City')).toHaveValue(source.properties.location?.address.city)
    expect(field('Billing account code')).toHaveValue(source.properties.billingAccount?.code)
    const reference = (field('Your reference') as HTMLInputElement).value
    expect(reference).toMatch(/^OC-/)
    expect(reference).not.toBe(source.customerReference)
  })

  it('terminates a delivered service from its creation, named by its service point, after a confirmation', async () => {
    const id = requestId("customer_id='C001' AND status='COMPLETED' AND type='INTERNET_ACCESS' AND category='creation' AND id NOT IN (SELECT related_request_id FROM requests WHERE category='termination' AND related_request_id IS NOT NULL)")
    await openForm(`/requests/new?action=terminate&from=${id}`)
    expect(screen.getByRole('heading', { level: 1, name: 'Terminate an access' })).toBeInTheDocument()
    expect(field('Service point')).toHaveValue(`SP${id.slice(3)}`)
    pickDate(addDaysToIsoDate(today(), 7))
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Terminate this service?' })
    expect(confirm).toHaveTextContent(`SP${id.slice(3)}`)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, terminate' }))
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/requests\/REQ\d{8}$/), LONG)
    const termination = await readRequest(window.location.pathname.split('/').at(-1)!)
    expect(termination).toMatchObject({ type: 'INTERNET_ACCESS_TERMINATION', category: 'termination', relatedRequestId: id })
  })

  it('gives a read-only person no form', async () => {
    await renderApp({ server, signedInAs: 'marc@acme.example', path: '/requests/new?item=CI-INTERNET-ACCESS' })
    expect(await screen.findByText('Your access is read-only: you can follow requests but not create them.', undefined, LONG)).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('puts the API’s own 400 on the field when the operator’s day is ahead of the browser’s', async () => {
    const clock = await (await fetch('/sandbox/control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 3 }) })).json() as { today: string }
    await openForm('/requests/new?item=CI-BVPN-SITE')
    pickDate(addDaysToIsoDate(today(), 8))
    await userEvent.type(field('Contract'), 'ACM-000101')
    await userEvent.type(field('Network identifier'), 'NET-ACM-1')
    await fillSite()
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    const date = field('Requested date')
    await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining(`must be on or after ${addDaysToIsoDate(clock.today, 7)}`)), LONG)
    expect(date).toHaveAttribute('aria-invalid', 'true')
  })
})
