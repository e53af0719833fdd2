// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '@/testing/render-app'

/** The sandbox's real spike arrest, set to one call a second: the page's first calls are refused (403 code 53). */
let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer({ SANDBOX_SPIKE_ARREST_PER_SECOND: '1' })
})
afterAll(() => server.close())

describe('cloud route, when the API refuses', () => {
  it('shows the error with its request id where it happened, and reads again on Try again', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: '/cloud' })
    // The account (/me), the regions and the projects start together: at most one of them fits in the second.
    const page = [await screen.findByRole('region', { name: 'Regions' }, { timeout: 5_000 }), screen.getByRole('region', { name: 'Instances' })]
    const refused = await waitFor(
      () => {
        const alert = page.flatMap((region) => within(region).queryAllByRole('alert'))[0]
        expect(alert).toBeDefined()
        return alert!
      },
      { timeout: 5_000 },
    )
    expect(within(refused).getByText('Too many requests')).toBeInTheDocument()
    expect(within(refused).getByText('Spike arrest limit of 1 requests per second exceeded. Retry after about a second.')).toBeInTheDocument()
    expect(within(refused).getByText(/^[0-9a-f-]{36}$/)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await userEvent.click(within(refused).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(refused).not.toBeInTheDocument(), { timeout: 5_000 })
  })
})
