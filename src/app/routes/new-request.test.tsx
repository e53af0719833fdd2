// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'
import { contractBox, dateGroup, field, pickDate, segmentOrder } from '@/features/create-request/testing/form-queries'
import { loadFieldControls } from '@/features/create-request/components/lazy-fields'
import { formatFormDate } from '@/features/create-request/schema/form-sentences'
import { ALICE } from '../../../test/sign-in'

const today = () => new Date().toISOString().slice(0, 10)
const LONG = { timeout: 8_000 }
/** Typing a whole form, key by key, takes a while on a shared machine. */
const SLOW = 60_000
/** jsdom's navigator says en-US: the form shows dates the way that person reads them. */
const EN = 'en-US'

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
// Drafts are kept per person and item: each test starts with none.
beforeEach(() => localStorage.clear())
afterEach(async () => {
  await changeLanguage('en')
})

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

async function openForm(path: string, signedInAs = ALICE, on = server) {
  const rendered = await renderApp({ server: on, signedInAs, path })
  // The first form of a run loads its code (React Aria, zod's JSON Schema reader): allow for a busy machine.
  await screen.findByRole('form', { name: /Request form|Formulaire de demande/ }, { timeout: 20_000 })
  return rendered
}

async function fillSite() {
  const location = screen.getByRole('group', { name: 'Location' })
  await userEvent.type(field('Street', location), '1 rue de la Paix')
  await userEvent.type(field('Postal code', location), '75002')
  await userEvent.type(field('City', location), 'Paris')
  // A country is chosen by its name, and sent as its code (docs/decisions/0034).
  await userEvent.type(within(location).getByRole('combobox', { name: /^Country/ }), 'Franc')
  await userEvent.click(await screen.findByRole('option', { name: 'France' }))
}

/** The summary at the top of the form, once a send was refused. */
const summary = () => screen.getByRole('heading', { level: 2, name: /There is a problem|Il y a un problème|The request was not sent/ })

describe('new request route', () => {
  it(
    'says the three rules as sentences at their fields and in a summary whose links lead to each field',
    async () => {
      await openForm('/requests/new?item=CI-BVPN-SITE')
      await pickDate(addDaysToIsoDate(today(), 6))
      await userEvent.clear(field('Your reference'))
      await userEvent.type(field('Your reference'), 'R'.repeat(19))
      await userEvent.type(contractBox(), 'C'.repeat(11))
      await userEvent.tab()
      // Counters for the 18 and 10 limits, shown as the person types; the field's one message says what is wrong.
      expect(screen.getByText('19 of 18 characters', { selector: 'p' })).toBeInTheDocument()
      expect(screen.getByText('11 of 10 characters', { selector: 'p' })).toBeInTheDocument()

      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(() => expect(summary()).toHaveFocus(), LONG)
      const date = `Choose a date on or after ${formatFormDate(addDaysToIsoDate(today(), 7), EN)}: requests need at least 7 days.`
      const reference = 'Your reference: use at most 18 characters (you have 19).'
      const contract = 'Contract: use at most 10 characters (you have 11).'
      const box = screen.getByRole('alert')
      const links = within(box)
        .getAllByRole('link')
        .map((link) => link.textContent)
      // In the form's order, the date first.
      expect(links.slice(0, 3)).toEqual([date, reference, contract])
      expect(dateGroup('Requested date')).toHaveAccessibleDescription(expect.stringContaining(date))
      expect(field('Your reference')).toHaveAccessibleDescription(expect.stringContaining(reference))
      expect(contractBox()).toHaveAccessibleDescription(expect.stringContaining(contract))
      expect(within(box).getByRole('link', { name: /^Fill in “.*Network identifier”\.$/ })).toBeInTheDocument()

      await userEvent.click(within(box).getByRole('link', { name: contract }))
      expect(contractBox()).toHaveFocus()
      await userEvent.click(within(box).getByRole('link', { name: date }))
      expect(within(dateGroup('Requested date')).getAllByRole('spinbutton')[0]).toHaveFocus()
    },
    SLOW,
  )

  it(
    'says nothing on leaving an untouched field, one message once it changed; optional fields below, countries by name (0034)',
    async () => {
      await openForm('/requests/new?item=CI-BVPN-SITE')
      const network = field('Network identifier')
      await userEvent.click(network)
      await userEvent.tab()
      expect(screen.queryByText(/^Fill in/)).not.toBeInTheDocument()
      expect(network).not.toHaveAttribute('aria-invalid')
      await userEvent.type(network, 'N')
      await userEvent.clear(network)
      await waitFor(() => expect(network).toHaveAttribute('aria-invalid', 'true'))
      expect(screen.getAllByText(/Network identifier/, { selector: '.form-field__error' })).toHaveLength(1)

      // The generated reference leaves room; the request's own fields in the console's words, said once.
      expect((field('Your reference') as HTMLInputElement).value).toHaveLength(13)
      expect(screen.queryByText(/Send an empty list|at least today plus 7 days|at most 18 characters/)).not.toBeInTheDocument()
      expect(screen.queryByRole('group', { name: 'Properties' })).not.toBeInTheDocument()

      // Optional fields come after the required ones of their group, behind a closed disclosure.
      const location = screen.getByRole('group', { name: 'Location' })
      const more = location.querySelector<HTMLDetailsElement>(':scope > details.form-more')!
      expect(within(more).getAllByText('More details (optional)')[0]).toBeInTheDocument()
      expect(more).not.toHaveAttribute('open')
      expect(more.compareDocumentPosition(within(location).getByRole('group', { name: 'Address' })) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
      expect(within(more).getByLabelText('Site name')).toBeInTheDocument()

      // A country by its name; the body carries its code.
      await fillSite()
      expect(within(location).getByRole('combobox', { name: /^Country/ })).toHaveValue('France')
      const stored = [localStorage, sessionStorage].flatMap((storage) => Object.keys(storage).map((key) => storage.getItem(key) ?? ''))
      await waitFor(() => expect(stored.some((value) => value.includes('"country":"FR"'))).toBe(true))
    },
    SLOW,
  )

  it(
    'a send of an untouched form says every field to fill, before anything is sent (0034)',
    async () => {
      await openForm('/requests/new?item=CI-BVPN-SITE')
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(() => expect(summary()).toHaveFocus(), LONG)
      expect(within(screen.getByRole('alert')).getByRole('link', { name: /^Fill in “.*Network identifier”\.$/ })).toBeInTheDocument()
      expect(screen.queryByText(/Quote this id to support/)).not.toBeInTheDocument()
    },
    SLOW,
  )

  it(
    'in French: sentences with French dates, the date field in day/month/year order',
    async () => {
      await changeLanguage('fr')
      await openForm('/requests/new?item=CI-BVPN-SITE')
      const group = document.getElementById('field-requestedAt')!
      expect(
        within(group)
          .getAllByRole('spinbutton')
          .map((segment) => segment.getAttribute('data-type')),
      ).toEqual(['day', 'month', 'year'])
      const label = group.getAttribute('aria-labelledby')!
      const dateLabel = document.getElementById(label)!.firstChild!.textContent!
      expect(segmentOrder(dateLabel)).toEqual(['day', 'month', 'year'])
      await pickDate(addDaysToIsoDate(today(), 6), dateLabel)
      const reference = document.getElementById('field-customerReference') as HTMLInputElement
      await userEvent.clear(reference)
      await userEvent.type(reference, 'R'.repeat(19))
      expect(screen.getByText('19 caractères sur 18', { selector: 'p' })).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }))
      await waitFor(() => expect(summary()).toHaveFocus(), LONG)
      const earliest = formatFormDate(addDaysToIsoDate(today(), 7), 'fr-FR')
      expect(earliest).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}$/)
      const box = screen.getByRole('alert')
      expect(
        within(box).getByRole('link', { name: `Choisissez une date à partir du ${earliest} : une demande exige un délai d’au moins 7 jours.` }),
      ).toBeInTheDocument()
      expect(within(box).getByRole('link', { name: /: utilisez au plus 18 caractères \(vous en avez 19\)\.$/ })).toBeInTheDocument()
    },
    SLOW,
  )

  it(
    'offers the person’s contracts in a combobox, and still accepts one typed',
    async () => {
      await openForm('/requests/new?item=CI-BVPN-SITE')
      const me = (await (await fetch('/api/ordering/v3/me', { headers: { Accept: 'application/json' } })).json()) as {
        contracts: { number: string; name: string }[]
      }
      expect(me.contracts.length).toBeGreaterThan(0)
      await userEvent.click(screen.getByRole('button', { name: /^Show your contracts/ }))
      const options = await screen.findAllByRole('option')
      expect(options.map((option) => option.textContent)).toEqual(me.contracts.map((contract) => `${contract.number} ${contract.name}`))
      await userEvent.click(options[0]!)
      expect(contractBox()).toHaveValue(me.contracts[0]!.number)
      await userEvent.clear(contractBox())
      await userEvent.type(contractBox(), 'ZZZ-1')
      await userEvent.tab()
      expect(contractBox()).toHaveValue('ZZZ-1')
    },
    SLOW,
  )

  it(
    'puts a business refusal (422 unknown contract) on the field it concerns, with the request id to quote',
    async () => {
      await openForm('/requests/new?item=CI-BVPN-SITE')
      expect(screen.getByRole('heading', { level: 1, name: 'Business VPN site' })).toBeInTheDocument()
      await pickDate(addDaysToIsoDate(today(), 9))
      await userEvent.type(contractBox(), 'ZZZ-1')
      await userEvent.tab()
      await userEvent.type(field('Network identifier'), 'NET-ACM-1')
      await fillSite()
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(() => expect(contractBox()).toHaveAttribute('aria-invalid', 'true'), LONG)
      await waitFor(() => expect(contractBox()).toHaveAccessibleDescription(expect.stringMatching(/Contract: .*ZZZ-1/)))
      await waitFor(() => expect(summary()).toHaveFocus(), LONG)
      expect(screen.getByText(/Quote this id to support/).querySelector('code')?.textContent).toMatch(/^[0-9a-f-]{36}$/)
      expect(window.location.pathname).toBe('/requests/new')
    },
    SLOW,
  )

  it(
    '"fix and resubmit" keeps the buyer’s own reference and shows each rejection reason beside its field',
    async () => {
      const id = requestId(
        "customer_id='C001' AND status='REJECTED' AND type='INTERNET_ACCESS' AND category='creation' AND customer_reference IS NOT NULL AND rejection LIKE '%303%'",
      )
      await openForm(`/requests/new?action=resubmit&from=${id}`)
      const source = await readRequest(id)
      expect(source.rejectionReasons.map((reason) => reason.reason)).toContain('BILLING_ACCOUNT_UNKNOWN')
      expect(screen.getByRole('heading', { level: 1, name: 'Business internet access' })).toBeInTheDocument()
      expect(screen.getByText(/filled in from rejected request/)).toHaveTextContent(source.customerReference!)
      expect(field('Your reference')).toHaveValue(source.customerReference)
      expect(contractBox()).toHaveValue(source.contract)
      expect(field('City')).toHaveValue(source.properties.location?.address.city)
      const billing = source.rejectionReasons.find((reason) => reason.reason === 'BILLING_ACCOUNT_UNKNOWN')!
      expect(field('Billing account code')).toHaveAccessibleDescription(expect.stringContaining(`Why it was refused: ${billing.message}`))
    },
    SLOW,
  )

  it(
    'terminates a delivered service after a confirmation, and the request page it lands on says so',
    async () => {
      const id = requestId(
        "customer_id='C001' AND status='COMPLETED' AND type='INTERNET_ACCESS' AND category='creation' AND id NOT IN (SELECT related_request_id FROM requests WHERE category='termination' AND related_request_id IS NOT NULL)",
      )
      await openForm(`/requests/new?action=terminate&from=${id}`)
      expect(screen.getByRole('heading', { level: 1, name: 'Terminate an access' })).toBeInTheDocument()
      expect(field('Service point')).toHaveValue(`SP${id.slice(3)}`)
      await pickDate(addDaysToIsoDate(today(), 7))
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      const confirm = await screen.findByRole('alertdialog', { name: 'Terminate this service?' })
      expect(confirm).toHaveTextContent(`SP${id.slice(3)}`)
      await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, terminate' }))
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/requests\/REQ\d{8}$/), LONG)
      const createdId = window.location.pathname.split('/').at(-1)!
      await waitFor(() => expect(screen.getByText(`Termination request ${createdId} was sent: the service will be ended.`)).toBeInTheDocument())
      expect(screen.getByText(`Termination request ${createdId} was sent: the service will be ended.`)).toHaveAttribute('role', 'status')
      const termination = await readRequest(createdId)
      expect(termination).toMatchObject({ type: 'INTERNET_ACCESS_TERMINATION', category: 'termination', relatedRequestId: id })
    },
    SLOW,
  )

  it(
    'gives a read-only person the catalog, with a sentence saying why there is no form',
    async () => {
      await renderApp({ server, signedInAs: 'marc@acme.example', path: '/requests/new?item=CI-INTERNET-ACCESS' })
      expect(await screen.findByRole('heading', { level: 2, name: 'Your access is read-only' }, LONG)).toBeInTheDocument()
      expect(screen.getByText(/but not send requests: your access is read-only/)).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1, name: 'Catalog' })).toBeInTheDocument()
      expect(await screen.findByRole('link', { name: 'Business internet access' }, LONG)).toHaveAttribute('href', '/catalog/CI-INTERNET-ACCESS')
      expect(screen.queryByRole('form')).not.toBeInTheDocument()
    },
    SLOW,
  )

  it(
    'puts the API’s own 400 on the field when the operator’s day is ahead of the browser’s',
    async () => {
      // The sandbox clock only moves forward: moved on the file's server, it would leave every later test's operator
      // days ahead of the browser, and their "today + 7 days" refused. This test moves the clock of a server of its own.
      const shared = globalThis.fetch
      const own = startInProcessServer()
      onTestFinished(() => {
        own.close()
        vi.stubGlobal('fetch', shared)
      })
      const clock = (await (
        await fetch('/sandbox/control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 3 }) })
      ).json()) as { today: string }
      await openForm('/requests/new?item=CI-BVPN-SITE', ALICE, own)
      await pickDate(addDaysToIsoDate(today(), 8))
      await userEvent.type(contractBox(), 'ACM-000101')
      await userEvent.tab()
      await userEvent.type(field('Network identifier'), 'NET-ACM-1')
      await fillSite()
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(
        () => expect(dateGroup('Requested date')).toHaveAccessibleDescription(expect.stringContaining(`on or after ${addDaysToIsoDate(clock.today, 7)}`)),
        LONG,
      )
    },
    SLOW,
  )
})

/**
 * The in-process fetch with some of the operator's answers changed, as another operator would give them
 * (docs/decisions/0030-forms-for-any-catalog.md): `change` sees each ordering API call, and answers it or passes it on.
 */
function asAnotherOperator(change: (path: string, pass: () => Promise<Response>, signal?: AbortSignal | null) => Promise<Response>) {
  const serverFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    const pass = () => serverFetch(input, init)
    if (!url.pathname.startsWith('/api/ordering/v3/')) return pass()
    return change(url.pathname.slice('/api/ordering/v3'.length), pass, init?.signal ?? (input instanceof Request ? input.signal : undefined))
  })
  onTestFinished(() => {
    vi.stubGlobal('fetch', serverFetch)
  })
}

/** An item of the sandbox's catalog as an operator publishing no JSON Schema, no variant and a field of its own shows it. */
async function addItemWithoutSchema(id: string, type: string, name: string) {
  const added = await fetch('/sandbox/control/catalogItems', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, type, name, description: 'Light to your door.', variant: 'createRequestsGeneric', schema: { type: 'object' } }),
  })
  expect([201, 409]).toContain(added.status)
  asAnotherOperator(async (path, pass) => {
    const answer = await pass()
    if (!path.startsWith('/catalogItems') || !answer.ok) return answer
    const strip = (item: Record<string, unknown>) => {
      if (item.id !== id) return item
      const { schema: _schema, variant: _variant, category: _category, ...rest } = item
      return { ...rest, supportContact: { team: 'Fibre desk', hours: 'weekdays' } }
    }
    const body = (await answer.json()) as unknown
    const changed = Array.isArray(body) ? body.map((item) => strip(item as Record<string, unknown>)) : strip(body as Record<string, unknown>)
    return new Response(JSON.stringify(changed), { status: answer.status, headers: answer.headers })
  })
}

describe('a form for any catalog (docs/decisions/0030-forms-for-any-catalog.md)', () => {
  it(
    'shows a schema-less item readably, and sends its generic form to the operator',
    async () => {
      await addItemWithoutSchema('CI-GLASS-FIBRE', 'GLASS_FIBRE', 'Glass fibre')
      await renderApp({ server, signedInAs: ALICE, path: '/catalog/CI-GLASS-FIBRE' })
      expect(await screen.findByRole('heading', { level: 1, name: 'Glass fibre' }, LONG)).toBeInTheDocument()
      expect(screen.getByText(/this is the general form of a creation request/)).toBeInTheDocument()
      const more = screen.getByRole('region', { name: 'What else the item says' })
      expect(within(more).getByText('Support contact')).toBeInTheDocument()
      expect(within(more).getByText('Fibre desk')).toBeInTheDocument()
      await userEvent.click(screen.getByRole('link', { name: 'Fill in the request' }))

      await screen.findByRole('form', { name: 'Request form' }, { timeout: 20_000 })
      expect(screen.getByRole('heading', { level: 1, name: 'Glass fibre' })).toBeInTheDocument()
      await pickDate(addDaysToIsoDate(today(), 7))
      await userEvent.type(contractBox(), 'ACM-000101')
      await userEvent.tab()
      await userEvent.type(field('Comment'), 'Second floor.')
      await userEvent.click(screen.getByRole('button', { name: 'Add an entry to Request details' }))
      const entry = screen.getByRole('group', { name: 'Request details 1' })
      await userEvent.type(field('Key', entry), 'bandwidthMbps')
      await userEvent.type(field('Value', entry), '100')
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/requests\/REQ\d{8}$/), { timeout: 20_000 })
      const created = await readRequest(window.location.pathname.split('/').at(-1)!)
      expect(created).toMatchObject({ type: 'GLASS_FIBRE', contract: 'ACM-000101', comment: 'Second floor.', properties: { bandwidthMbps: 100 } })
    },
    SLOW,
  )

  it(
    'says the 7-day, 18 and 10 rules on the generic form, and a value that is not the JSON it opens as',
    async () => {
      await addItemWithoutSchema('CI-GLASS-FIBRE', 'GLASS_FIBRE', 'Glass fibre')
      await openForm('/requests/new?item=CI-GLASS-FIBRE')
      await pickDate(addDaysToIsoDate(today(), 6))
      await userEvent.clear(field('Your reference'))
      await userEvent.type(field('Your reference'), 'R'.repeat(19))
      await userEvent.type(contractBox(), 'C'.repeat(11))
      await userEvent.tab()
      await userEvent.click(screen.getByRole('button', { name: 'Add an entry to Request details' }))
      await userEvent.type(field('Key'), 'servicePoint')
      await userEvent.type(field('Value'), '{{"id": ')
      await userEvent.click(screen.getByRole('button', { name: 'Send the request' }))
      await waitFor(() => expect(summary()).toHaveFocus(), LONG)
      const links = within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent)
      expect(links).toEqual(
        expect.arrayContaining([
          `Choose a date on or after ${formatFormDate(addDaysToIsoDate(today(), 7), EN)}: requests need at least 7 days.`,
          'Your reference: use at most 18 characters (you have 19).',
          'Contract: use at most 10 characters (you have 11).',
          expect.stringMatching(/^Request details › 1 › Value: this is not valid JSON/),
        ]),
      )
    },
    SLOW,
  )

  it(
    'makes an address published by $ref into its fields',
    async () => {
      const added = await fetch('/sandbox/control/catalogItems', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id: 'CI-FIBRE-SITE',
          type: 'FIBRE_SITE',
          name: 'Fibre site',
          description: 'A site on the fibre network.',
          variant: 'createRequestsGeneric',
          schema: {
            type: 'object',
            $defs: {
              Address: {
                type: 'object',
                properties: { street: { type: 'string', title: 'Street' }, city: { type: 'string', title: 'City' } },
                required: ['street', 'city'],
              },
            },
            properties: {
              type: { const: 'FIBRE_SITE' },
              requestedAt: { type: 'string', format: 'date', title: 'Requested date' },
              contract: { type: 'string', maxLength: 10, title: 'Contract' },
              attachments: {
                type: 'array',
                items: { type: 'object', properties: { name: { type: 'string' }, body: { type: 'string', contentEncoding: 'base64' } } },
              },
              properties: {
                type: 'object',
                properties: { address: { allOf: [{ $ref: '#/$defs/Address' }], title: 'Site address' } },
                required: ['address'],
              },
            },
            required: ['type', 'requestedAt', 'contract', 'attachments', 'properties'],
          },
        }),
      })
      expect([201, 409]).toContain(added.status)
      await openForm('/requests/new?item=CI-FIBRE-SITE')
      const address = screen.getByRole('group', { name: 'Site address' })
      expect(field('Street', address)).toBeRequired()
      expect(field('City', address)).toBeInTheDocument()
    },
    SLOW,
  )

  it(
    'shows the form while /me never answers, the contract typed with its 10-character rule',
    async () => {
      asAnotherOperator(async (path, pass, signal) => {
        if (path !== '/me') return pass()
        return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)))
      })
      await openForm('/requests/new?item=CI-BVPN-SITE')
      expect(screen.queryByRole('button', { name: /^Show your contracts/ })).not.toBeInTheDocument()
      await userEvent.type(contractBox(), 'C'.repeat(11))
      expect(screen.getByText('11 of 10 characters', { selector: 'p' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Send the request' })).toBeEnabled()
    },
    SLOW,
  )
})
