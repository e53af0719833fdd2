// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ZAggregateResponse } from '@contract/request-query'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'
import { parseListSearch, toApiQuery } from '@/lib/request-search'
import { MARC } from '../../../test/sign-in'

let server: InProcessServer
beforeAll(() => {
  // Enough requests that Acme's totals pass a thousand (number formatting); no spike arrest: these tests click
  // faster than a person, and rate limits are not what they are about.
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

/** What the sandbox itself counts, through the gateway with the signed-in person's session. */
async function sandboxCounts(query: string) {
  const response = await fetch(`${API}/aggregate?${query}`)
  expect(response.status).toBe(200)
  return ZAggregateResponse.parse(await response.json())
}
async function sandboxTotal(query: string) {
  const response = await fetch(`${API}?${query}&limit=1&fields=id`)
  expect(response.status).toBe(200)
  return Number(response.headers.get('X-Total-Count'))
}

/** Every call the page makes to the ordering API, as path and query. */
function recordApiCalls() {
  const calls: URL[] = []
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (url.pathname.startsWith(API)) calls.push(url)
    return original(input, init)
  })
  return calls
}

// The first chart waits for the charts' chunk, which Vitest transforms on first use.
const chart = (name: string) => screen.findByRole('group', { name }, { timeout: 5000 })
/** The bars of a chart: each link's name is "<group>: <count> requests". */
function barsOf(group: HTMLElement) {
  return within(group)
    .getAllByRole('link')
    .map((link) => {
      const [, label, count] = /^(.*): ([\d, ]+) requests?$/.exec(link.getAttribute('aria-label') ?? '') ?? []
      return { label, count: Number(count?.replace(/[, ]/g, '')), href: link.getAttribute('href') ?? '' }
    })
}

describe('dashboard (home route)', () => {
  it('counts by status what the sandbox holds for the account manager, and each bar opens a list of the same total', async () => {
    await renderApp({ server, signedInAs: MARC })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    const status = await chart('Requests by status')
    const expected = await sandboxCounts('groupBy=status')
    const bars = barsOf(status)
    expect(bars.map((bar) => bar.label)).toEqual(['New', 'In progress', 'Completed', 'Rejected'])
    expect(bars.map((bar) => bar.count)).toEqual([expected.NEW, expected.IN_PROGRESS, expected.COMPLETED, expected.REJECTED])
    expect(bars[3]!.href).toBe('/requests?status=REJECTED')
    // The accessible equivalent: the same figures as a table, and a summary with the total.
    const table = screen.getByRole('table', { name: 'Requests by status, as a table' })
    expect(within(table).getByRole('row', { name: new RegExp(`^Rejected ${nf(expected.REJECTED!)} `) })).toBeInTheDocument()
    const total = Object.values(expected).reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(1000)
    expect(within(status.closest('figure')!).getByText(new RegExp(`^${nf(total)} requests in all\\.`))).toBeInTheDocument()
    expect(screen.getAllByRole('status').some((s) => /^Updated at /.test(s.textContent ?? ''))).toBe(true)

    await userEvent.click(within(status).getByRole('link', { name: `Rejected: ${nf(expected.REJECTED!)} requests` }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
    expect(here()).toBe('/requests?status=REJECTED')
    expect(await screen.findByText(`${nf(expected.REJECTED!)} requests found`)).toBeInTheDocument()
  })

  it('groups by the chosen field with one grouped call, and a sub-step bar opens the list filtered to exactly it', async () => {
    const calls = recordApiCalls()
    await renderApp({ server, signedInAs: MARC })
    await chart('Requests by type')
    await chart('Requests by status')
    // One grouped call per chart, never one call per status (the key figures' calls each carry their own statuses).
    const chartCalls = () => calls.filter((url) => url.pathname === `${API}/aggregate` && !url.searchParams.has('status'))
    expect(
      chartCalls()
        .map((url) => `${url.pathname.slice(API.length)}?${url.searchParams}`)
        .sort(),
    ).toEqual(['/aggregate?groupBy=status', '/aggregate?groupBy=type'])
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'subStep')
    expect(here()).toBe('/?groupBy=subStep')
    const subSteps = await chart('Requests by sub-step')
    expect(chartCalls().map((url) => url.searchParams.get('groupBy'))).toEqual(['status', 'type', 'subStep'])
    const expected = await sandboxCounts('groupBy=subStep')
    await waitFor(() => expect(barsOf(subSteps).map((bar) => bar.count)).toEqual(Object.values(expected)))
    const installation = barsOf(subSteps).find((bar) => bar.label === 'Installation')!
    expect(installation.count).toBe(await sandboxTotal('subStep=INSTALLATION'))

    await userEvent.click(within(subSteps).getByRole('link', { name: `Installation: ${nf(installation.count)} requests` }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
    expect(here()).toBe('/requests?subStep=INSTALLATION')
    expect(await screen.findByText(`${nf(installation.count)} requests found`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove filter Sub-step: Installation' })).toBeInTheDocument()
  })

  it('narrows every count with the list filters, kept in the address; bars keep them in their links', async () => {
    await renderApp({ server, signedInAs: MARC })
    await chart('Requests by status')
    // The filters are folded into chips: "Edit filters" opens their form.
    await userEvent.click(screen.getByRole('button', { name: 'Edit filters' }))
    const filters = screen.getByRole('region', { name: 'Filters' })
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Overdue' }), 'true')
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }))
    expect(here()).toBe('/?isOverdue=true')

    const expected = await sandboxCounts('groupBy=status&isOverdue=true')
    // Rejected requests are never overdue (0003): the bar is there, at 0, and its list is empty too.
    expect(expected.REJECTED).toBe(0)
    // The chart is found afresh at each try: the one still on screen just after the filters were applied (with the
    // unfiltered counts) is replaced by another element for the filtered counts, and one found before then stays detached.
    await chart('Requests by status')
    const status = () => screen.getByRole('group', { name: 'Requests by status' })
    await waitFor(() => expect(barsOf(status()).map((bar) => bar.count)).toEqual([expected.NEW, expected.IN_PROGRESS, expected.COMPLETED, expected.REJECTED]))
    for (const bar of barsOf(status())) {
      const query = new URL(bar.href, window.location.href).search.slice(1)
      expect(query).toMatch(/isOverdue=true/)
      expect(await sandboxTotal(query), bar.label).toBe(bar.count)
    }
    // A filter on the grouped field leaves out the bars it rules out (they would count 0 but list requests).
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'isOverdue')
    await chart('Requests by overdue')
    await waitFor(() => expect(barsOf(screen.getByRole('group', { name: 'Requests by overdue' })).map((bar) => bar.label)).toEqual(['Overdue']))
  })

  it('leads with four key figures, each a link to the list with the same total', async () => {
    await renderApp({ server, signedInAs: MARC })
    const figures = await screen.findByRole('region', { name: 'Key figures' })
    const links = within(figures).getAllByRole('link')
    expect(links.map((link) => link.textContent?.replace(/^[\d, …]+/, '').trim())).toEqual([
      expect.stringMatching(/^open requests?$/),
      expect.stringMatching(/^overdue requests?$/),
      'rejected in the last 30 days',
      'completed this month',
    ])
    await waitFor(() => expect(links.every((link) => /^[\d,]+ /.test(link.textContent ?? ''))).toBe(true))
    const figureOf = (link: HTMLElement) => Number(/^([\d,]+)/.exec(link.textContent ?? '')![1]!.replace(/,/g, ''))
    for (const link of links) {
      // The list's URL in the API's terms (dates become `updatedAt.gte`), as the list would ask.
      const view = parseListSearch(new URL(link.getAttribute('href')!, window.location.href).searchParams)
      const response = await fetch(`${API}?${toApiQuery({ ...view, size: 20 }, ['id'])}`)
      expect(Number(response.headers.get('X-Total-Count')), link.textContent!).toBe(figureOf(link))
    }
    expect(figureOf(links[0]!)).toBeGreaterThan(0)
    // How late: the worst overdue request, in days.
    expect(within(figures).getByText(/^longest overdue: [\d,]+ days? late$/)).toBeInTheDocument()
    // The list opened from a figure shows the same total.
    const overdue = figureOf(links[1]!)
    await userEvent.click(links[1]!)
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
    expect(await screen.findByText(`${nf(overdue)} request${overdue === 1 ? '' : 's'} found`)).toBeInTheDocument()
  })

  it('says types by their names, with a type filter of names, and never shows a type code', async () => {
    await renderApp({ server, signedInAs: MARC })
    const types = await chart('Requests by type')
    const catalog = (await (await fetch('/api/ordering/v3/catalogItems?limit=100')).json()) as { type: string; name: string }[]
    await waitFor(() => expect(barsOf(types).every((bar) => catalog.some((item) => item.name === bar.label))).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: 'Edit filters' }))
    const typeGroup = within(screen.getByRole('region', { name: 'Filters' })).getByRole('group', { name: 'Type' })
    const first = catalog[0]!
    await userEvent.click(within(typeGroup).getByRole('checkbox', { name: first.name }))
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(here()).toBe(`/?type=${first.type}`)
    expect(await screen.findByRole('button', { name: `Remove filter Type: ${first.name}` })).toBeInTheDocument()
    await waitFor(() => expect(document.querySelector('main')!.textContent).not.toMatch(/No request matches/))
    const text = document.querySelector('main')!.textContent ?? ''
    for (const item of catalog) expect(text, item.type).not.toContain(item.type)
  })

  it('keeps the last figures when a refresh fails, and says so with the request id', async () => {
    await renderApp({ server, signedInAs: MARC })
    const status = await chart('Requests by status')
    const before = barsOf(status)
    server.sandbox!.faults.maintenance = true
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }))
      expect(await screen.findByText(/^The last refresh failed \(.+\): what is shown is from /)).toBeInTheDocument()
      expect(screen.getByText('Request id to quote to support:').querySelector('code')?.textContent).toMatch(/\S+/)
      expect(barsOf(await chart('Requests by status'))).toEqual(before)
    } finally {
      server.sandbox!.faults.maintenance = false
    }
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }))
    await waitFor(() => expect(screen.queryByText(/^The last refresh failed/)).not.toBeInTheDocument())
  })

  it('speaks French, numbers included', async () => {
    await changeLanguage('fr')
    await renderApp({ server, signedInAs: MARC })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument()
    const status = await chart('Demandes par statut')
    const expected = await sandboxCounts('groupBy=status')
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    expect(within(status).getByRole('link', { name: (name) => spaced(name) === `Terminée : ${nf(expected.COMPLETED!, 'fr')} demandes` })).toBeInTheDocument()
    const total = Object.values(expected).reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(1000)
    expect(within(status.closest('figure')!).getByText((text) => spaced(text).startsWith(`${nf(total, 'fr')} demandes au total.`))).toBeInTheDocument()
  })

  it('links to the overdue view, from the page and from the navigation', async () => {
    await renderApp({ server, signedInAs: MARC })
    const navigation = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(navigation).getByRole('link', { name: 'Overdue' })).toHaveAttribute('href', '/overdue')
    await userEvent.click(await screen.findByRole('link', { name: 'See the overdue requests' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Overdue requests' })).toBeInTheDocument()
  })

  it('lets a person switch the language from the header', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('fr')
  })
})
