// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'

const LONG = { timeout: 8_000 }

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())

/**
 * The in-process fetch with the catalog's list answered as an operator that publishes one item the contract cannot
 * read (no id) among the others (docs/decisions/0030-forms-for-any-catalog.md).
 */
function withUnreadableItem(element: unknown) {
  const serverFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    const answer = await serverFetch(input, init)
    if (url.pathname !== '/api/ordering/v3/catalogItems' || !answer.ok) return answer
    const items = (await answer.json()) as unknown[]
    return new Response(JSON.stringify([element, ...items]), { status: answer.status, headers: answer.headers })
  })
  onTestFinished(() => {
    vi.stubGlobal('fetch', serverFetch)
  })
}

describe('catalog route', () => {
  it('names every item and shows no type code (docs/decisions/0034)', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/catalog' })
    expect(await screen.findByRole('link', { name: 'Business VPN site' }, LONG)).toBeInTheDocument()
    expect(screen.queryByText(/C_BVPN_SITE|INTERNET_ACCESS|Request type/)).not.toBeInTheDocument()
  })

  it('says by name which requests an item acts on, with no type code nor body variant (docs/decisions/0034)', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/catalog/CI-INTERNET-ACCESS-CHANGE' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Change an access' }, LONG)).toBeInTheDocument()
    expect(await screen.findByText('Business internet access, Ethernet link', {}, LONG)).toBeInTheDocument()
    expect(screen.queryByText(/INTERNET_ACCESS|Body variant/)).not.toBeInTheDocument()
  })

  it('works with one item it cannot read: that item marked, with what could be read, the others as ever', async () => {
    withUnreadableItem({ name: 'Mystery box', type: 42, schema: 'none' })
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/catalog' })
    const unreadable = await screen.findByRole('region', { name: 'Items the console could not read' }, LONG)
    const item = within(unreadable).getByRole('listitem')
    expect(item).toHaveTextContent('Mystery box')
    expect(item).toHaveTextContent('Could not be read entirely.')
    expect(screen.getByRole('link', { name: 'Business internet access' })).toHaveAttribute('href', '/catalog/CI-INTERNET-ACCESS')
    expect(screen.getByRole('region', { name: 'Order something new' })).toBeInTheDocument()
  }, 30_000)
})
