// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'

/**
 * The sandbox's real spike arrest, set to two calls a second: the page's first calls are refused (403 code 53).
 * Two, because a cloud list may cost two calls (the gateway's GET /me to learn the person's customer, then the list).
 */
let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer({ SANDBOX_SPIKE_ARREST_PER_SECOND: '2' })
})
afterAll(() => server.close())

describe('cloud route, when the API refuses', () => {
  // Reads refused with 403 code 53 are retried after about a second with backoff (docs/decisions/0016):
  // the page fills without an error for the person to act on.
  it('retries the reads the spike arrest refused, and shows the page without an error', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/cloud' })
    const regions = await screen.findByRole('region', { name: 'Regions' }, { timeout: 5_000 })
    expect(await within(regions).findByText('6 regions', {}, { timeout: 15_000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]), { timeout: 15_000 })
  }, 30_000)
})
