// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DROPPED_PARAMETERS_HEADER } from '@contract/operator-profile'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

/*
 * An operator that follows the reference but fills its gaps otherwise (docs/decisions/0028-tolerant-reader.md): the
 * in-process sandbox answers, and the page's own calls are rewritten for one test at a time, as such an operator
 * would answer them (one row in a shape the contract cannot read, statuses of its own, /me and /status in other
 * shapes, a refused sort said by the gateway's header).
 */

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer({ SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
})
afterAll(() => server.close())
beforeEach(async () => {
  localStorage.clear()
  await changeLanguage('en')
})

const API = '/api/ordering/v3'

/** Rewrites the JSON answers (and headers) of the page's calls to `path`, the others untouched. */
function rewrite(path: string | RegExp, change: (body: unknown, headers: Headers) => unknown) {
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    const response = await original(input, init)
    const relative = url.pathname.slice(API.length)
    const matches = url.pathname.startsWith(API) && (typeof path === 'string' ? relative === path : path.test(relative))
    if (!matches || !response.ok) return response
    const headers = new Headers(response.headers)
    const body = change(await response.json(), headers)
    return new Response(JSON.stringify(body), { status: response.status, headers })
  })
}

const rowOf = (table: HTMLElement, id: string) => within(table).getByRole('row', { name: new RegExp(id) })

describe('a list with rows an operator wrote its own way', () => {
  it('shows an unreadable row by its id and name, marked, an unknown status by a label made from it, and every other row', async () => {
    let ids: string[] = []
    rewrite('/requests', (body, headers) => {
      const rows = body as Record<string, unknown>[]
      ids = rows.map((row) => String(row.id))
      headers.delete(DROPPED_PARAMETERS_HEADER)
      return rows.map((row, index) => (index === 0 ? { ...row, createdAt: 12 } : index === 1 ? { ...row, status: 'ON_HOLD', extra: { note: 'kept' } } : row))
    })
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests' })
    const table = await screen.findByRole('table', { name: /^Requests matching the filters/ })
    expect(ids.length).toBeGreaterThan(2)
    expect(within(table).getAllByRole('row')).toHaveLength(ids.length + 1)
    const unreadable = rowOf(table, ids[0]!)
    expect(within(unreadable).getByRole('link', { name: ids[0] })).toBeInTheDocument()
    expect(within(unreadable).getByText('This request could not be read in full')).toBeInTheDocument()
    expect(within(rowOf(table, ids[1]!)).getByText('On hold')).toBeInTheDocument()
    expect(within(table).queryByText(/requests\.status\./)).not.toBeInTheDocument()
    expect(within(rowOf(table, ids[2]!)).queryByText('This request could not be read in full')).not.toBeInTheDocument()
  })

  it('says which sort the operator did not accept, and shows the list', async () => {
    rewrite('/requests', (body, headers) => {
      headers.set(DROPPED_PARAMETERS_HEADER, 'sort')
      return body
    })
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests' })
    expect(await screen.findByRole('table', { name: /^Requests matching the filters/ })).toBeInTheDocument()
    expect(await screen.findByText('Your operator did not accept the sort by Created; the list is shown without it.')).toHaveAttribute('role', 'status')
  })
})

describe('a request an operator wrote its own way', () => {
  it('shows its page: a status of its own as a label made from the code, an offset time, no contract, extra fields', async () => {
    rewrite(/^\/requests\/[^/]+$/, (body) => {
      const { contract: _contract, priority: _priority, ...request } = body as Record<string, unknown>
      return {
        ...request,
        status: 'PENDING_CUSTOMER_INFO',
        step: 'WAITING',
        updatedAt: '2026-11-20T10:00:00+01:00',
        createdAt: '2026-11-19T09:00:00Z',
        vendor: { ticket: 7 },
      }
    })
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests' })
    const table = await screen.findByRole('table', { name: /^Requests matching the filters/ })
    const first = within(table).getAllByRole('row')[1]!
    await userEvent.click(within(first).getAllByRole('link')[0]!)
    expect(await screen.findByText('Pending customer info', { selector: '.badge' })).toBeInTheDocument()
    expect(screen.getAllByText(/Waiting/).length).toBeGreaterThan(0)
    expect(screen.queryByText(/requestDetail\.(status|step)\./)).not.toBeInTheDocument()
  })
})

describe('/me, /status and /version in other shapes', () => {
  it('the account page shows the known fields there are and lists the others by path', async () => {
    rewrite('/me', () => ({ name: 'Zoé Martin', customer: { name: 'Acme' }, region: { code: 'EU', zones: ['north'] }, plan: 'gold' }))
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/me' })
    const who = await screen.findByRole('region', { name: 'Signed in as' })
    expect(within(who).getByText('Zoé Martin')).toBeInTheDocument()
    expect(within(who).getByText(/Not stated by your operator/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Scopes' })).not.toBeInTheDocument()
    const others = screen.getByRole('region', { name: 'Also sent by your operator' })
    expect(within(others).getByText('region.code')).toBeInTheDocument()
    expect(within(others).getByText('EU')).toBeInTheDocument()
    expect(within(others).getByText('region.zones[0]')).toBeInTheDocument()
    expect(within(others).getByText('gold')).toBeInTheDocument()
  })

  it('the API page says what /status and /version hold, whatever their shape', async () => {
    rewrite('/status', () => ({ state: 'UP', uptime: 99.9 }))
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/api' })
    expect(await screen.findByText('Your operator does not say how its service is.')).toBeInTheDocument()
    const others = screen.getByRole('region', { name: 'Also reported by your operator' })
    expect(within(others).getByText('state')).toBeInTheDocument()
    expect(within(others).getByText('UP')).toBeInTheDocument()
  })
})
