// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { readableCode } from '@contract/code-label'

/**
 * A request type is never shown by its code, not even while the catalog that names it is being read: a still
 * placeholder said "Loading the type’s name…" holds its place, then the name; a label made from the code when the
 * catalog cannot be read (docs/decisions/0025-list-views.md, amended 2026-11-27).
 */
let server: InProcessServer
let catalog: { type: string; name: string }[]
beforeAll(async () => {
  server = startInProcessServer({ SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
  await server.signIn('alice@acme.example')
  catalog = (await (await fetch('/api/ordering/v3/catalogItems?limit=100')).json()) as typeof catalog
})
afterAll(() => server.close())

const CATALOG = '/api/ordering/v3/catalogItems'
const PENDING = 'Loading the type’s name…'
const main = () => document.querySelector('main')!

/** The page's catalog calls wait until `answer` is called; `failing` makes the sandbox refuse them then (400 code 26). */
function holdCatalog({ failing = false } = {}) {
  let answer!: () => void
  const held = new Promise<void>((resolve) => (answer = resolve))
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (url.pathname !== CATALOG) return original(input, init)
    await held
    if (failing) url.searchParams.set('bogus', '1')
    return original(url.href, init)
  })
  return answer
}

/** One of Alice's customer's requests of a type the catalog names. */
function firstRequest(): { id: string; type: string } {
  const types = catalog.map((item) => `'${item.type}'`).join(',')
  return server.sandbox!.db.prepare(`SELECT id, type FROM requests WHERE customer_id='C001' AND type IN (${types}) ORDER BY seq LIMIT 1`).get() as {
    id: string
    type: string
  }
}

function expectNoTypeCode() {
  const text = main().textContent ?? ''
  for (const { type } of catalog) expect(text, type).not.toContain(type)
}

describe('request types while the catalog is read', () => {
  it('the list holds each type’s place with a placeholder, never its code, then shows its name', async () => {
    const answer = holdCatalog()
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests' })
    const table = await screen.findByRole('table', { name: /^Requests matching the filters/ })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.length).toBeGreaterThan(0)
    // Every row's type cell: the placeholder, which says what it is to a screen reader.
    expect(within(table).getAllByText(PENDING)).toHaveLength(rows.length)
    expectNoTypeCode()

    answer()
    await waitFor(() => expect(within(table).queryByText(PENDING)).toBeNull())
    const names = new Set(catalog.map((item) => item.name))
    const typeCells = [...table.querySelectorAll('td.cell--type')].map((cell) => cell.textContent)
    expect(typeCells.length).toBe(rows.length)
    for (const name of typeCells) expect(names).toContain(name)
    expectNoTypeCode()
  })

  it('the overdue view waits with its chart and holds the types’ places in its table', async () => {
    const answer = holdCatalog()
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/overdue' })
    const table = await screen.findByRole('table', { name: /the most days late first$/ })
    expect(within(table).getAllByText(PENDING).length).toBeGreaterThan(0)
    expect(screen.queryByRole('group', { name: 'Overdue requests by type' })).toBeNull()
    expectNoTypeCode()

    answer()
    const chart = await screen.findByRole('group', { name: 'Overdue requests by type' })
    expect(within(chart).getAllByRole('link').length).toBeGreaterThan(0)
    expect(within(table).queryByText(PENDING)).toBeNull()
    expectNoTypeCode()
  })

  it('the dashboard waits with its chart by type, its chip of a type filter says it is loading, then both name it', async () => {
    const answer = holdCatalog()
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/?type=ETHERNET_LINK' })
    const chips = await screen.findByRole('region', { name: 'Active filters' })
    expect(await within(chips).findByRole('button', { name: 'Remove filter Type: loading…' })).toBeInTheDocument()
    await screen.findByRole('group', { name: 'Requests by status' })
    expect(screen.queryByRole('group', { name: 'Requests by type' })).toBeNull()
    expectNoTypeCode()

    answer()
    const name = catalog.find((item) => item.type === 'ETHERNET_LINK')!.name
    expect(await within(chips).findByRole('button', { name: `Remove filter Type: ${name}` })).toBeInTheDocument()
    const chart = await screen.findByRole('group', { name: 'Requests by type' })
    expect(within(chart).getAllByRole('link').length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.queryByText(PENDING)).toBeNull())
    expectNoTypeCode()
  })

  it('a request’s page says its type by name once the catalog answers', async () => {
    const { id, type } = firstRequest()
    const name = catalog.find((item) => item.type === type)!.name
    const answer = holdCatalog()
    await renderApp({ server, signedInAs: 'alice@acme.example', path: `/requests/${id}` })
    await screen.findByRole('heading', { level: 2, name: 'Progress' })
    expect(screen.getByText(PENDING)).toBeInTheDocument()
    expectNoTypeCode()
    answer()
    expect(await screen.findByText(name, { exact: true })).toHaveAttribute('title', type)
    expectNoTypeCode()
  })

  it('a request’s page says its type by a label made from its code when the catalog cannot be read', async () => {
    const { id, type } = firstRequest()
    const answer = holdCatalog({ failing: true })
    await renderApp({ server, signedInAs: 'alice@acme.example', path: `/requests/${id}` })
    await screen.findAllByText(PENDING)
    answer()
    await waitFor(() => expect(screen.queryByText(PENDING)).toBeNull())
    expect(screen.getAllByText(readableCode(type), { exact: true })[0]).toHaveAttribute('title', type)
    expectNoTypeCode()
  })
})
