// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ZSandboxRequest as ZRequest, type SandboxRequest as Request } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { contractBox, dateValue, field, pickDate } from '@/features/create-request/testing/form-queries'
import { ALICE, MARC } from '../../../test/sign-in'
import { loadFieldControls } from '@/features/create-request/components/lazy-fields'

const LONG = { timeout: 8_000 }
const today = () => new Date().toISOString().slice(0, 10)
const BANDWIDTHS = ['10', '20', '50', '100', '200', '500', '1000']

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
// The date picker and the contract's combobox load apart from the form (lazy-fields.tsx, 0024): here they are
// loaded first, so that the form shows with them.
beforeAll(async () => {
  await loadFieldControls()
}, 30_000)
afterAll(() => server.close())
// Drafts are kept per person, item and source: each test starts with none.
beforeEach(() => localStorage.clear())

/** Seeded internet accesses of Acme whose service is not terminated (nor being terminated). */
const LIVE_ACCESS =
  "customer_id='C001' AND category='creation' AND type='INTERNET_ACCESS' AND id NOT IN (SELECT related_request_id FROM requests WHERE category='termination' AND related_request_id IS NOT NULL)"

function requestId(where: string): string {
  const row = server.sandbox!.db.prepare(`SELECT id FROM requests WHERE ${where} ORDER BY seq LIMIT 1`).get() as { id: string } | undefined
  if (!row) throw new Error(`No seeded request where ${where}`)
  return row.id
}

/** The request as the API gives it, read with the signed-in person's session. */
async function readRequest(id: string): Promise<Request> {
  const response = await fetch(`/api/ordering/v3/requests/${id}`, { headers: { Accept: 'application/json' } })
  expect(response.status).toBe(200)
  return ZRequest.parse(await response.json())
}

/** What the sandbox stored for `id`, straight from its database. */
function storedRow(id: string) {
  const row = server
    .sandbox!.db.prepare('SELECT category, type, status, related_request_id, customer_reference, contract, properties FROM requests WHERE id = ?')
    .get(id) as
    | {
        category: string
        type: string
        status: string
        related_request_id: string | null
        customer_reference: string | null
        contract: string
        properties: string
      }
    | undefined
  if (!row) throw new Error(`The sandbox stored no request ${id}`)
  return { ...row, properties: JSON.parse(row.properties) as Request['properties'] }
}

/** Opens the request's page and follows its "Modify" action to the form. */
async function followModify(id: string) {
  await renderApp({ server, signedInAs: ALICE, path: `/requests/${id}` })
  const actions = await screen.findByRole('region', { name: 'What you can do' }, LONG)
  await userEvent.click(within(actions).getByRole('link', { name: 'Modify this request' }))
  await screen.findByRole('form', { name: 'Request form' }, { timeout: 20_000 })
  expect(window.location.pathname + window.location.search).toBe(`/requests/new?action=modify&from=${id}`)
}

describe('modify a request from its page', () => {
  it.each([
    ['the service a completed access delivered', `${LIVE_ACCESS} AND status='COMPLETED'`],
    ['an access order still in progress', `${LIVE_ACCESS} AND status='IN_PROGRESS'`],
  ])(
    'modifies %s: the form is filled in from it, one change is sent, and the new modification opens',
    async (_, where) => {
      const id = requestId(where)
      await followModify(id)
      const source = await readRequest(id)
      const { bandwidthMbps, staticIp } = source.properties.options as { bandwidthMbps: number; staticIp: boolean }
      const primary = source.properties.contacts!.primary

      expect(screen.getByRole('heading', { level: 1, name: 'Change an access' })).toBeInTheDocument()
      expect(screen.getByText(`Changes request ${id}. Its current values are filled in.`)).toBeInTheDocument()
      expect(field('Request')).toHaveValue(id)
      expect(contractBox()).toHaveValue(source.contract)
      expect(field('Bandwidth (Mbit/s)')).toHaveValue(String(bandwidthMbps))
      expect(field('Static IP address')).toHaveValue(String(staticIp))
      const contact = screen.getByRole('group', { name: 'Primary contact' })
      expect(field('First name', contact)).toHaveValue(primary.firstName)
      expect(field('Last name', contact)).toHaveValue(primary.lastName)
      expect(field('E-mail', contact)).toHaveValue(primary.email)
      // The requested date is the person's to choose: the source's is past or too soon.
      expect(dateValue()).toBe('')
      const reference = (field('Your reference') as HTMLInputElement).value
      expect(reference).toMatch(/^OC-/)

      const wanted = BANDWIDTHS.find((value) => value !== String(bandwidthMbps))!
      await userEvent.selectOptions(field('Bandwidth (Mbit/s)'), wanted)
      await pickDate(addDaysToIsoDate(today(), 9))
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))

      await waitFor(() => expect(window.location.pathname).toMatch(/^\/requests\/REQ\d{8}$/), LONG)
      const createdId = window.location.pathname.split('/').at(-1)!
      expect(createdId).not.toBe(id)
      await screen.findByRole('heading', { level: 2, name: 'Progress' }, LONG)
      expect(screen.getByRole('heading', { level: 1, name: 'Change an access' })).toBeInTheDocument()
      const related = screen.getByText('Related request').nextElementSibling as HTMLElement
      expect(within(related).getByRole('link', { name: id })).toHaveAttribute('href', `/requests/${id}`)

      expect(storedRow(createdId)).toEqual({
        category: 'modification',
        type: 'INTERNET_ACCESS_CHANGE',
        status: 'NEW',
        related_request_id: id,
        customer_reference: reference,
        contract: source.contract,
        properties: { options: { bandwidthMbps: Number(wanted), staticIp }, contacts: { primary } },
      })
      // The original keeps its state: a modification does not change its target (docs/decisions/0003).
      expect((await readRequest(id)).status).toBe(source.status)
    },
    60_000,
  )

  it('says at the request field that a terminated service can no longer be modified', async () => {
    const id = requestId(`${LIVE_ACCESS} AND status='COMPLETED'`)
    await followModify(id)
    const source = await readRequest(id)
    const modifications = () =>
      server.sandbox!.db.prepare("SELECT count(*) AS n FROM requests WHERE category='modification' AND related_request_id = ?").get(id)
    const before = modifications()
    // The service is being ended, through the API, after the form opened.
    const termination = await fetch('/api/ordering/v3/requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        type: 'INTERNET_ACCESS_TERMINATION',
        requestedAt: addDaysToIsoDate(today(), 7),
        contract: source.contract,
        attachments: [],
        properties: { servicePoint: source.properties.servicePoint },
      }),
    })
    expect(termination.status).toBe(201)
    const terminationId = ZRequest.parse(await termination.json()).id

    await pickDate(addDaysToIsoDate(today(), 9))
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    const request = field('Request')
    await waitFor(() => expect(request).toHaveAttribute('aria-invalid', 'true'), LONG)
    expect(request).toHaveAccessibleDescription(expect.stringContaining(`terminated or has a termination under way (${terminationId})`))
    expect(window.location.pathname).toBe('/requests/new')
    expect(modifications()).toEqual(before)
  }, 60_000)

  it('gives a read-only person no "Modify" on a request they could otherwise modify', async () => {
    const id = requestId(`${LIVE_ACCESS} AND status='COMPLETED'`)
    await renderApp({ server, signedInAs: MARC, path: `/requests/${id}` })
    await screen.findByRole('heading', { level: 2, name: 'Progress' }, LONG)
    expect(await within(screen.getByRole('banner')).findByText('Read-only access')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What you can do' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Modify this request' })).not.toBeInTheDocument()
  })

  it('gives a read-only person who types the address of the form no form', async () => {
    const id = requestId(`${LIVE_ACCESS} AND status='COMPLETED'`)
    await renderApp({ server, signedInAs: MARC, path: `/requests/new?action=modify&from=${id}` })
    expect(
      await screen.findByText(/You can read the catalog and follow your company’s requests, but not send requests: your access is read-only/, undefined, LONG),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Catalog' })).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })
})
