// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage, type Language } from '@/i18n/i18n'
import { ALICE, MARC } from '../../../test/sign-in'

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
afterEach(async () => {
  await changeLanguage('en')
})

/** The id of one seeded request matching `where` (the seed guarantees every state for every customer). */
function requestId(where: string): string {
  const row = server.sandbox!.db.prepare(`SELECT id FROM requests WHERE ${where} ORDER BY seq LIMIT 1`).get() as { id: string } | undefined
  if (!row) throw new Error(`No seeded request where ${where}`)
  return row.id
}

/** The request as the API gives it in `language`, read with the signed-in person's session. */
async function readRequest(id: string, language: Language) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`/api/ordering/v3/requests/${id}`, { headers: { Accept: 'application/json', 'Accept-Language': language } })
    // The sandbox's spike arrest (reference 2: 403 code 53, 25 calls a second) meets a fast machine's page and this
    // read together: waited for as its Retry-After says, as the SPA's own reads do.
    if (response.status === 403 && attempt < 4 && ((await response.clone().json()) as { code?: number }).code === 53) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('Retry-After') ?? 1) * 1000))
      continue
    }
    expect(response.status).toBe(200)
    return ZRequest.parse(await response.json())
  }
}

async function openRequest(id: string, signedInAs = ALICE) {
  const rendered = await renderApp({ server, signedInAs, path: `/requests/${id}` })
  await screen.findByRole('heading', { level: 2, name: 'Progress' }, { timeout: 5_000 })
  return rendered
}

describe('request detail route', () => {
  it('shows the reasons of a rejected request in English, then in French once the person switches language', async () => {
    const id = requestId("customer_id='C001' AND status='REJECTED' AND rejection NOT LIKE '%304%'")
    await openRequest(id)
    const english = await readRequest(id, 'en')
    const french = await readRequest(id, 'fr')
    expect(english.rejectionReasons.length).toBeGreaterThan(0)

    const region = screen.getByRole('region', { name: 'Why this request was rejected' })
    for (const reason of english.rejectionReasons) {
      expect(within(region).getByText(reason.message)).toBeInTheDocument()
      // The operator's sentence, not its codes (docs/decisions/0034).
      expect(within(region).queryByText(reason.reason)).not.toBeInTheDocument()
      expect(within(region).queryByText(`Code ${reason.code}`, { exact: false })).not.toBeInTheDocument()
    }
    // The rejection point ends the timeline, and is said in words.
    const stages = within(within(screen.getByRole('region', { name: 'Progress' })).getByRole('list')).getAllByRole('listitem')
    expect(stages.at(-1)).toHaveAttribute('aria-current', 'step')
    expect(stages.at(-1)).toHaveTextContent('Rejected at this step')
    expect(await screen.findByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute('href', `/requests/new?action=resubmit&from=${id}`)

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr')
    const regionFr = await screen.findByRole('region', { name: 'Pourquoi cette demande a été rejetée' })
    for (const [index, reason] of french.rejectionReasons.entries()) {
      expect(reason.message).not.toBe(english.rejectionReasons[index]!.message)
      expect(await within(regionFr).findByText(reason.message)).toBeInTheDocument()
    }
    for (const reason of english.rejectionReasons) expect(within(regionFr).queryByText(reason.message)).not.toBeInTheDocument()
  })

  it('reads a request its customer cancelled as cancelled, linked to the cancellation, with nothing to fix', async () => {
    const id = requestId("customer_id='C001' AND status='REJECTED' AND rejection LIKE '%304%'")
    const cancellation = server.sandbox!.db.prepare(`SELECT id FROM requests WHERE related_request_id = ? AND category = 'cancellation'`).get(id) as {
      id: string
    }
    await openRequest(id)
    const region = screen.getByRole('region', { name: 'This request was cancelled' })
    expect(within(region).getByRole('link', { name: cancellation.id })).toHaveAttribute('href', `/requests/${cancellation.id}`)
    expect(screen.queryByRole('region', { name: 'Why this request was rejected' })).not.toBeInTheDocument()
    expect(screen.queryByText(/The operator rejected/)).not.toBeInTheDocument()
    expect(screen.queryByText(/CANCELLED|304/)).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Fix and resubmit' })).not.toBeInTheDocument()
    const stages = within(within(screen.getByRole('region', { name: 'Progress' })).getByRole('list')).getAllByRole('listitem')
    expect(stages.at(-1)).toHaveTextContent('Cancelled at this step')

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr')
    expect(await screen.findByRole('region', { name: 'Cette demande a été annulée' })).toBeInTheDocument()
  })

  it('offers to modify or terminate the service of a completed creation, naming its service point', async () => {
    const id = requestId("customer_id='C001' AND status='COMPLETED' AND category='creation'")
    await openRequest(id)
    const servicePoint = `SP${id.slice(3)}`
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent((await readRequest(id, 'en')).name)
    const actions = await screen.findByRole('region', { name: 'What you can do' })
    expect(within(actions).getAllByRole('link')).toHaveLength(2)
    expect(within(actions).getByRole('link', { name: 'Modify this request' })).toHaveAttribute('href', `/requests/new?action=modify&from=${id}`)
    expect(within(actions).getByRole('link', { name: `Terminate service point ${servicePoint}` })).toHaveAttribute(
      'href',
      `/requests/new?action=terminate&from=${id}`,
    )
    const service = screen.getByRole('region', { name: 'Service' })
    expect(within(service).getByText('Service point')).toBeInTheDocument()
    expect(within(service).getByText(servicePoint)).toBeInTheDocument()
    // A closed request does not refresh itself.
    expect(screen.queryByText(/Updated at/)).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Why this request was rejected' })).not.toBeInTheDocument()
  })

  it('lets an in-progress creation be modified or cancelled, and says when it was last refreshed', async () => {
    const id = requestId("customer_id='C001' AND status='IN_PROGRESS' AND category='creation' AND sub_step='PLANNING'")
    await openRequest(id)
    const actions = await screen.findByRole('region', { name: 'What you can do' })
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/requests/new?action=modify&from=${id}`, `/requests/new?action=cancel&from=${id}`])
    expect(within(actions).getByRole('link', { name: 'Modify this request' })).toBeInTheDocument()
    expect(within(actions).getByRole('link', { name: 'Cancel this request' })).toBeInTheDocument()

    const refreshed = screen.getByText(/^Updated at \d{2}:\d{2}:\d{2}\.$/)
    expect(refreshed).toHaveAttribute('role', 'status')

    const timeline = within(screen.getByRole('region', { name: 'Progress' })).getByRole('list')
    const stages = within(timeline).getAllByRole('listitem')
    expect(stages.map((stage) => stage.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null, null])
    // Each stage says in words where it stands; only the first and the current one have a date.
    expect(stages[0]).toHaveTextContent(/Order, InitiationDoneRequest created /)
    expect(stages[1]).toHaveTextContent(/Order, ValidationDone$/)
    expect(stages[2]).toHaveTextContent(/Delivery, PlanningCurrent stepLast change /)
    expect(stages[5]).toHaveTextContent(/Closure, DoneTo come$/)
  })

  it('shows the whole request: site, contact, dates and attachments', async () => {
    const id = requestId("customer_id='C001' AND category='creation' AND attachments != '[]'")
    await openRequest(id)
    const request = await readRequest(id, 'en')
    const summary = screen.getByRole('region', { name: 'Request' })
    expect(within(summary).getByText('Request id').nextElementSibling).toHaveTextContent(id)
    expect(within(summary).getByText('Contract').nextElementSibling).toHaveTextContent(request.contract)
    expect(within(summary).getByText('Customer').nextElementSibling).toHaveTextContent(`${request.customer.name} (C001)`)
    const site = screen.getByRole('region', { name: 'Site' })
    expect(within(site).getByText('Address').nextElementSibling).toHaveTextContent(request.properties.location!.address.city)
    const contact = screen.getByRole('region', { name: 'Primary contact' })
    expect(within(contact).getByText(request.properties.contacts!.primary.email!)).toBeInTheDocument()
    const attachments = screen.getByRole('region', { name: 'Attachments' })
    expect(within(attachments).getByRole('listitem')).toHaveTextContent(new RegExp(`${request.attachments[0]!.name} \\(\\d+ bytes\\)`))
  })

  it('links a modification to the request it changes', async () => {
    const id = requestId("customer_id='C001' AND category='modification' AND related_request_id IS NOT NULL")
    await openRequest(id)
    const related = screen.getByText('Related request').nextElementSibling as HTMLElement
    const target = (await readRequest(id, 'en')).relatedRequestId!
    expect(within(related).getByRole('link', { name: target })).toHaveAttribute('href', `/requests/${target}`)
  })

  it('shows a read-only person no action at all', async () => {
    const id = requestId("customer_id='C001' AND status='IN_PROGRESS' AND category='creation'")
    await openRequest(id, MARC)
    expect(await within(screen.getByRole('banner')).findByText('Read-only access')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What you can do' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Modify|Cancel|Terminate|resubmit/ })).not.toBeInTheDocument()
  })

  it('says that no such request exists for another customer’s id', async () => {
    const id = requestId("customer_id='C002'")
    await renderApp({ server, signedInAs: ALICE, path: `/requests/${id}` })
    expect(await screen.findByRole('heading', { level: 1, name: 'Request not found' })).toBeInTheDocument()
    expect(screen.getByText(`No request ${id} exists for your company.`)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the list of requests' })).toHaveAttribute('href', '/requests')
  })

  it('shows the error with its request id when the service is down, and a retry that works once it is back', async () => {
    // Open a modification first, so that the session and the person are known before the outage.
    const id = requestId("customer_id='C001' AND category='modification' AND related_request_id IS NOT NULL")
    await openRequest(id)
    const target = (await readRequest(id, 'en')).relatedRequestId!
    server.sandbox!.faults.maintenance = true
    try {
      await userEvent.click(screen.getByRole('link', { name: target }))
      // 5xx answers are retried twice before the page gives up.
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
      expect(screen.getByRole('heading', { level: 1, name: `Request ${target}` })).toBeInTheDocument()
      expect(alert).toHaveTextContent('The API is unavailable')
      expect(within(alert).getByText('Request id to quote to support:')).toBeInTheDocument()
      expect(within(alert).getByRole('code')).toHaveTextContent(/^[0-9a-f-]{36}$/)
    } finally {
      server.sandbox!.faults.maintenance = false
    }
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Progress' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent((await readRequest(target, 'en')).name)
  })

  it('shows deep values folded behind a disclosure, even a value stored 4,109 levels deep', async () => {
    const id = requestId("customer_id='C001' AND category='creation' AND properties LIKE '%\"options\"%'")
    // As a row stored before the depth limit (docs/decisions/0020): written straight into SQLite.
    const deep = `${'{"x":'.repeat(4109)}"bottom"${'}'.repeat(4109)}`
    const stored = server.sandbox!.db.prepare('SELECT properties FROM requests WHERE id = ?').get(id) as { properties: string }
    const properties = stored.properties.replace('"options":{', `"options":{"x":${deep},`).replace(/}$/, `,"extra":{"a":{"b":{"c":{"d":1}}}}}`)
    server.sandbox!.db.prepare('UPDATE requests SET properties = ? WHERE id = ?').run(properties, id)
    await openRequest(id)
    const service = screen.getByRole('region', { name: 'Service' })
    const folded = within(service).getByText('Show the rest as JSON text')
    expect(folded.closest('details')).not.toHaveAttribute('open')
    await userEvent.click(folded)
    expect(folded.closest('details')).toHaveAttribute('open')
    expect(folded.closest('details')!.querySelector('pre')).toHaveTextContent(/^\{ "x": \{ "x":/)
    const other = screen.getByRole('region', { name: 'Other details' })
    expect(within(other).getByText('Show the rest as JSON text').closest('details')!.querySelector('pre')).toHaveTextContent('{ "d": 1 }')
  })
})
