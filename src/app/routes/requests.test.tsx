// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ZRequestProjection } from '@contract/request'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

let server: InProcessServer
beforeAll(() => {
  // Enough requests for Alice's customer that totals run past a thousand (number formatting) and many pages;
  // no spike arrest: these tests click faster than a person, and rate limits are not what they are about.
  server = startInProcessServer({ SANDBOX_SEED_COUNT: '4000', SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
})
afterAll(() => server.close())
beforeEach(async () => {
  localStorage.clear()
  await changeLanguage('en')
})

const API = '/api/ordering/v3/requests'
const here = () => `${window.location.pathname}${window.location.search}`
// Testing Library compares text with its spaces normalised; French groups digits with a narrow no-break space.
const nf = (n: number, language = 'en') => new Intl.NumberFormat(language).format(n).replace(/\s/g, ' ')

/** What the sandbox itself answers for a query, through the gateway with the signed-in person's session. */
async function sandboxList(query: string) {
  const response = await fetch(`${API}?${query}`)
  expect(response.status).toBe(200)
  return { total: Number(response.headers.get('X-Total-Count')), items: z.array(ZRequestProjection).parse(await response.json()) }
}

/** Every GET /requests the page sends, as its query parameters. */
function recordListCalls() {
  const calls: URLSearchParams[] = []
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (url.pathname === API) calls.push(url.searchParams)
    return original(input, init)
  })
  return calls
}

async function openList(path = '/requests') {
  await renderApp({ server, signedInAs: 'alice@acme.example', path })
  return screen.findByRole('table', { name: /^Requests matching the filters/ })
}

const idsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent)

const region = (name: string) => screen.getByRole('region', { name })
const group = (name: string) => screen.getByRole('group', { name })
/** The filters fold into chips; "Edit filters" opens their form (once). */
async function openFilters() {
  const button = await screen.findByRole('button', { name: 'Edit filters' })
  if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button)
  return region('Filters')
}

describe('requests list route', () => {
  it('is in the header navigation', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/' })
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Requests' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
    expect(here()).toBe('/requests')
    expect(await screen.findByRole('table', { name: /^Requests matching the filters/ })).toBeInTheDocument()
  })

  it('shows the view a URL describes: filters, sort and page, with the rows the API gives', async () => {
    const table = await openList('/requests?status=REJECTED,COMPLETED&isOverdue=false&sort=name&page=2')
    const expected = await sandboxList('status=REJECTED,COMPLETED&isOverdue=false&sort=name&offset=20&limit=20&fields=id')
    await waitFor(() => expect(idsOf(table)).toEqual(expected.items.map((item) => item.id)))
    expect(screen.getByText(`Showing 21–40 of ${nf(expected.total)}`)).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')

    await openFilters()
    const status = group('Status')
    expect(within(status).getByRole('checkbox', { name: 'Rejected' })).toBeChecked()
    expect(within(status).getByRole('checkbox', { name: 'Completed' })).toBeChecked()
    expect(within(status).getByRole('checkbox', { name: 'New' })).not.toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Overdue' })).toHaveValue('false')

    const active = region('Active filters')
    expect(within(active).getByRole('button', { name: 'Remove filter Status: Rejected' })).toBeInTheDocument()
    expect(within(active).getByRole('button', { name: 'Remove filter Status: Completed' })).toBeInTheDocument()
    expect(within(active).getByRole('button', { name: 'Remove filter Overdue: No' })).toBeInTheDocument()
    // Numbers are written for the language: more than a thousand requests match.
    expect(expected.total).toBeGreaterThan(999)
    expect(screen.getByText(`${nf(expected.total)} requests found`)).toHaveAttribute('role', 'status')
  })

  it('writes applied filters to the URL, page back to 1, and Back and Forward walk through the views', async () => {
    await openList('/requests?page=3')
    // The form starts again from the URL whenever the URL's filters change, and folds once applied: open it each time.
    const filters = () => region('Filters')
    await openFilters()
    await userEvent.click(within(group('Status')).getByRole('checkbox', { name: 'In progress' }))
    await userEvent.click(within(group('Status')).getByRole('checkbox', { name: 'Completed' }))
    await userEvent.selectOptions(within(filters()).getByRole('combobox', { name: 'Overdue' }), 'Overdue only')
    await userEvent.type(within(filters()).getByRole('textbox', { name: /^Customer reference/ }), 'PO-1')
    await userEvent.click(within(filters()).getByRole('button', { name: 'Apply filters' }))

    await waitFor(() => expect(here()).toBe('/requests?status=IN_PROGRESS%2CCOMPLETED&customerReference=PO-1&isOverdue=true'))
    // The form starts again from the URL; the focus goes to the summary of what is applied, not to the page's top.
    expect(region('Active filters')).toHaveFocus()
    const { total } = await sandboxList('status=IN_PROGRESS,COMPLETED&customerReference=PO-1*&isOverdue=true&limit=1')
    expect(await screen.findByText(`${nf(total)} requests found`)).toBeInTheDocument()

    const active = region('Active filters')
    await userEvent.click(within(active).getByRole('button', { name: 'Remove filter Customer reference: PO-1' }))
    await waitFor(() => expect(here()).toBe('/requests?status=IN_PROGRESS%2CCOMPLETED&isOverdue=true'))
    // The focus stays in the summary, where the next filter can be removed.
    expect(active).toHaveFocus()
    await openFilters()
    await waitFor(() => expect(within(filters()).getByRole('textbox', { name: /^Customer reference/ })).toHaveValue(''))

    act(() => window.history.back())
    await waitFor(() => expect(here()).toBe('/requests?status=IN_PROGRESS%2CCOMPLETED&customerReference=PO-1&isOverdue=true'))
    await waitFor(() => expect(within(filters()).getByRole('textbox', { name: /^Customer reference/ })).toHaveValue('PO-1'))
    act(() => window.history.back())
    await waitFor(() => expect(here()).toBe('/requests?page=3'))
    await waitFor(() => expect(within(group('Status')).getByRole('checkbox', { name: 'In progress' })).not.toBeChecked())
    act(() => window.history.forward())
    await waitFor(() => expect(here()).toBe('/requests?status=IN_PROGRESS%2CCOMPLETED&customerReference=PO-1&isOverdue=true'))
    expect(await within(region('Active filters')).findByRole('button', { name: 'Remove filter Status: In progress' })).toBeInTheDocument()
  })

  it('reads dates and ids from the form, and refuses a range that ends before it starts', async () => {
    await openList()
    await openFilters()
    const requested = group('Requested date')
    await userEvent.type(within(requested).getByLabelText('From'), '2026-03-10')
    await userEvent.type(within(requested).getByLabelText('To'), '2026-03-01')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await within(requested).findByRole('alert')).toHaveTextContent('The end date must be the same as or after the start date.')
    expect(within(requested).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
    expect(here()).toBe('/requests')

    await userEvent.clear(within(requested).getByLabelText('To'))
    await userEvent.type(within(requested).getByLabelText('To'), '2026-04-30')
    await userEvent.type(screen.getByRole('textbox', { name: /^Request id/ }), 'REQ00000001, REQ00000002')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    // The ids as the API takes them: separated by commas, the spaces the person typed left out.
    await waitFor(() => expect(here()).toBe('/requests?id=REQ00000001%2CREQ00000002&requestedFrom=2026-03-10&requestedTo=2026-04-30'))
    expect(await within(region('Active filters')).findByRole('button', { name: 'Remove filter Requested from: Mar 10, 2026' })).toBeInTheDocument()
    expect(within(region('Active filters')).getByRole('button', { name: 'Remove filter Request id: REQ00000001,REQ00000002' })).toBeInTheDocument()
  })

  it('filters by priority, from the form to the address, the API call and a chip, and back to every request', async () => {
    const calls = recordListCalls()
    await openList()
    await openFilters()
    await userEvent.type(screen.getByRole('textbox', { name: 'Priority' }), 'HIGH')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(here()).toBe('/requests?priority=HIGH'))
    // The reference's `priority` is an empty string on every request of the sandbox: none has this one.
    expect(await screen.findByText('No request matches these filters.')).toBeInTheDocument()
    expect(calls.at(-1)?.get('priority')).toBe('HIGH')
    await userEvent.click(within(region('Active filters')).getByRole('button', { name: 'Remove filter Priority: HIGH' }))
    await waitFor(() => expect(here()).toBe('/requests'))
    expect(await screen.findByRole('table', { name: /^Requests matching the filters/ }, { timeout: 5_000 })).toBeInTheDocument()
  })

  it('filters by a requested day, from the date field to the address, the API call, the rows and a chip', async () => {
    await openList()
    const day = (await sandboxList('limit=1')).items[0]!.keyDates!.requestedAt.slice(0, 10)
    const expected = await sandboxList(`keyDates.requestedAt=${day}`)
    const calls = recordListCalls()
    const filters = await openFilters()
    fireEvent.change(within(filters).getByLabelText('Requested for'), { target: { value: day } })
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(here()).toBe(`/requests?requestedOn=${day}`))
    expect(await screen.findByText(new RegExp(`^${nf(expected.total)} requests? found$`))).toBeInTheDocument()
    expect(calls.at(-1)?.get('keyDates.requestedAt')).toBe(day)
    expect(idsOf(screen.getByRole('table', { name: /^Requests matching the filters/ }))).toEqual(expected.items.map((request) => request.id))
    // The day in the person's format, not as the address holds it.
    const chip = within(region('Active filters')).getByRole('button', { name: /^Remove filter Requested for: / })
    expect(chip).not.toHaveAccessibleName(new RegExp(day))
  })

  it('takes type codes as text when the catalog cannot be read, and says them by a label made from the code', async () => {
    // The sandbox refuses the catalog call (an unknown parameter: 400 code 26), a real answer, not a mock.
    const original = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
      if (url.pathname === '/api/ordering/v3/catalogItems') url.searchParams.set('bogus', '1')
      return original(url.pathname.endsWith('/catalogItems') ? url.href : input, init)
    })
    await openList('/requests?type=ETHERNET_LINK')
    await openFilters()
    const codes = await within(group('Type')).findByRole('textbox', { name: /^Type codes/ })
    expect(codes).toHaveValue('ETHERNET_LINK')
    await userEvent.clear(codes)
    await userEvent.type(codes, 'INTERNET_ACCESS, C_BVPN_SITE')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(here()).toBe('/requests?type=INTERNET_ACCESS%2CC_BVPN_SITE'))
    expect(await within(region('Active filters')).findByRole('button', { name: 'Remove filter Type: C BVPN site' })).toBeInTheDocument()
  })

  it('pages with the totals, turns to a prefetched page without asking again, and changes the page size', async () => {
    const calls = recordListCalls()
    const table = await openList()
    const { total } = await sandboxList('limit=1')
    const lastPage = Math.ceil(total / 20)
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    const button = (name: string) => within(pages).getByRole('button', { name })
    expect(within(pages).getByText(`Showing 1–20 of ${nf(total)}`)).toBeInTheDocument()
    expect(button('First')).toHaveAttribute('aria-disabled', 'true')
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(button('Previous'))
    expect(here()).toBe('/requests')

    // The next page is fetched once this one shows; turning to it sends nothing more, and shows it at once: the
    // click's own task renders it (no loader to wait for, no deferred render), so no frame shows the page being left.
    await waitFor(() => expect(calls.some((query) => query.get('offset') === '20')).toBe(true))
    const expected = await sandboxList('offset=20&limit=20&fields=id')
    const before = calls.length
    fireEvent.click(button('Next'))
    expect(within(pages).getByText(`Showing 21–40 of ${nf(total)}`)).toBeInTheDocument()
    expect(idsOf(table)).toEqual(expected.items.map((item) => item.id))
    expect(table).not.toHaveAttribute('aria-busy')
    expect(here()).toBe('/requests?page=2')
    expect(calls.slice(before).filter((query) => query.get('offset') === '20')).toHaveLength(0)
    expect(button('First')).toHaveAttribute('aria-disabled', 'false')

    await userEvent.click(button('Last'))
    await waitFor(() => expect(within(pages).getByText(`Showing ${nf((lastPage - 1) * 20 + 1)}–${nf(total)} of ${nf(total)}`)).toBeInTheDocument())
    expect(here()).toBe(`/requests?page=${lastPage}`)
    // Still focused, though there is no further page to go to.
    expect(button('Last')).toHaveFocus()
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true')
    expect(button('Last')).toHaveAttribute('aria-disabled', 'true')

    await userEvent.click(button('First'))
    await waitFor(() => expect(here()).toBe('/requests'))
    await userEvent.selectOptions(within(pages).getByRole('combobox', { name: 'Rows per page' }), '50')
    await waitFor(() => expect(within(pages).getByText(`Showing 1–50 of ${nf(total)}`)).toBeInTheDocument())
    expect(here()).toBe('/requests?size=50')
    expect(within(table).getAllByRole('row')).toHaveLength(51)
  })

  it('keeps the rows of the page being left on screen, with a Loading status, until the next arrives', async () => {
    // The answers for the last page (which nothing prefetches) wait until the test lets them through.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const original = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
      if (url.pathname === API && url.searchParams.get('offset') !== '0' && url.searchParams.get('offset') !== '20') await held
      return original(input, init)
    })
    const table = await openList('/requests?sort=name')
    const firstIds = idsOf(table)
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Last' }))
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'))
    expect(idsOf(table)).toEqual(firstIds)
    expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status')
    release()
    await waitFor(() => expect(idsOf(table)).not.toEqual(firstIds))
    expect(table).not.toHaveAttribute('aria-busy')
    expect(screen.getByText(/^[\d,]+ requests found$/)).toHaveAttribute('role', 'status')
  })

  it('sorts by a column from its header, toggling the direction, with aria-sort', async () => {
    const table = await openList()
    expect(within(table).getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending')
    await userEvent.click(within(table).getByRole('button', { name: 'Customer reference' }))
    await waitFor(() => expect(here()).toBe('/requests?sort=customerReference'))
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Customer reference' })).toHaveAttribute('aria-sort', 'ascending'))
    expect(within(table).getByRole('columnheader', { name: 'Created' })).not.toHaveAttribute('aria-sort')
    const ascending = await sandboxList('sort=customerReference&limit=20&fields=id')
    await waitFor(() => expect(idsOf(table)).toEqual(ascending.items.map((item) => item.id)))

    await userEvent.click(within(table).getByRole('button', { name: 'Customer reference' }))
    await waitFor(() => expect(here()).toBe('/requests?sort=-customerReference'))
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Customer reference' })).toHaveAttribute('aria-sort', 'descending'))
    const descending = await sandboxList('sort=-customerReference&limit=20&fields=id')
    await waitFor(() => expect(idsOf(table)).toEqual(descending.items.map((item) => item.id)))
  })

  it('asks the API only for the columns chosen, and remembers the choice', async () => {
    const calls = recordListCalls()
    const table = await openList()
    expect(calls[0]?.get('fields')).toBe('id,name,customerReference,status,step,subStep,isOverdue,keyDates,type,createdAt')
    await userEvent.click(screen.getByText('Columns'))
    const chooser = group('Columns shown')
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Customer reference' }))
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Step' }))
    await waitFor(() => expect(calls.at(-1)?.get('fields')).toBe('id,name,status,step,subStep,isOverdue,keyDates,type,createdAt'))
    expect(within(table).queryByRole('columnheader', { name: 'Customer reference' })).not.toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Step' })).toBeInTheDocument()
    await waitFor(() => expect(within(within(table).getAllByRole('row')[1]!).getByText(/^(Order|Delivery|Closure)$/)).toBeInTheDocument())
    // The URL does not change: columns are a preference of this browser, not part of the view.
    expect(here()).toBe('/requests')
  })

  it('starts with the remembered columns', async () => {
    localStorage.setItem('ordering-console.requests.columns', JSON.stringify(['name', 'updatedAt']))
    const calls = recordListCalls()
    const table = await openList()
    expect(calls[0]?.get('fields')).toBe('id,name,status,step,subStep,isOverdue,keyDates,updatedAt')
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent?.replace(/[↕▲▼]/g, ''))).toEqual(['Request id', 'Name', 'Delay', 'Updated'])
  })

  it('marks overdue requests with a badge and how late they are', async () => {
    const table = await openList('/requests?status=IN_PROGRESS&isOverdue=true&sort=keyDates.requestedAt')
    const { items } = await sandboxList('status=IN_PROGRESS&isOverdue=true&sort=keyDates.requestedAt&limit=1&fields=keyDates')
    const requestedAt = items[0]!.keyDates!.requestedAt
    const now = new Date()
    const late = Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.parse(`${requestedAt}T00:00:00Z`)) / 86_400_000)
    const firstRow = within(table).getAllByRole('row')[1]!
    expect(within(firstRow).getByText('Overdue')).toBeInTheDocument()
    expect(within(firstRow).getByText(late === 1 ? '1 day late' : `${late} days late`, { exact: false })).toBeInTheDocument()
  })

  it('says when nothing matches, and resets the filters from there', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests?id=REQ99999999&sort=name' })
    const empty = await screen.findByText('No request matches these filters.')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(await screen.findByText('0 requests found')).toBeInTheDocument()
    await userEvent.click(within(empty.parentElement!).getByRole('button', { name: 'Reset filters' }))
    await waitFor(() => expect(here()).toBe('/requests?sort=name'))
    expect(await screen.findByRole('table', { name: /^Requests matching the filters/ }, { timeout: 5_000 })).toBeInTheDocument()
  })

  it('says when a page is past the end of the list, and leads to the last one', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests?status=REJECTED&page=999' })
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the last page' }))
    const { total } = await sandboxList('status=REJECTED&limit=1')
    await waitFor(() => expect(here()).toBe(`/requests?status=REJECTED&page=${Math.ceil(total / 20)}`))
    expect(await screen.findByRole('table', { name: /^Requests matching the filters/ }, { timeout: 5_000 })).toBeInTheDocument()
  })

  it('shows the outage with its request id and a retry during maintenance', async () => {
    // Signed in first: the authorization server is under maintenance too.
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/' })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    server.sandbox!.faults.maintenance = true
    try {
      await userEvent.click(within(nav).getByRole('link', { name: 'Requests' }))
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
      expect(alert).toHaveTextContent(/request id to quote to support/i)
      expect(within(alert).getByText(/HTTP status 503/)).toBeInTheDocument()
      expect(alert.querySelector('code')?.textContent).toMatch(/\S/)
      server.sandbox!.faults.maintenance = false
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
      expect(await screen.findByRole('table', { name: /^Requests matching the filters/ })).toBeInTheDocument()
    } finally {
      server.sandbox!.faults.maintenance = false
    }
  }, 20_000)

  it('speaks French, numbers included', async () => {
    await changeLanguage('fr')
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests?status=COMPLETED' })
    const table = await screen.findByRole('table', { name: /^Demandes correspondant aux filtres/ })
    const { total } = await sandboxList('status=COMPLETED&limit=1')
    expect(await screen.findByText(`Affichage de 1 à 20 sur ${nf(total, 'fr')}`)).toBeInTheDocument()
    expect(within(table).getAllByText('Terminée').length).toBeGreaterThan(0)
    expect(within(region('Filtres actifs')).getByRole('button', { name: 'Retirer le filtre Statut\u00a0: Terminée' })).toBeInTheDocument()
  })
})
