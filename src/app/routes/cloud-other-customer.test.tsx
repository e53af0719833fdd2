// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

/** The sandbox's cloud key is the sandbox application's, whose customer is C001 (Acme); Bruno is Blue Harbor's (C002). */
let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
afterEach(async () => {
  await changeLanguage('en')
})

describe('cloud route, for a person of another customer than the cloud key’s', () => {
  it('tells Bruno his company has no cloud resources here, with the request id, and shows none of Acme’s', async () => {
    await renderApp({ server, signedInAs: 'bruno@blueharbor.example', path: '/cloud?project=1101&region=1' })
    const section = await screen.findByRole('region', { name: 'Not available for your company' }, { timeout: 5_000 })
    const alert = within(section).getByRole('alert')
    expect(within(alert).getByText('Your company has no cloud resources on this console.')).toBeInTheDocument()
    expect(within(alert).getByText(/belong to another customer/)).toBeInTheDocument()
    expect(within(alert).getByText('HTTP status 403, code 50')).toBeInTheDocument()
    expect(within(alert).getByText(/^[0-9a-f-]{36}$/)).toBeInTheDocument()
    // Nothing to try again, and nothing of Acme's: no regions, no projects, no instances.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Regions' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Acme|Paris/)).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says it in French', async () => {
    await changeLanguage('fr')
    await renderApp({ server, signedInAs: 'bruno@blueharbor.example', path: '/cloud' })
    const section = await screen.findByRole('region', { name: 'Non disponible pour votre société' }, { timeout: 5_000 })
    expect(within(section).getByText('Votre société n’a pas de ressources cloud sur cette console.')).toBeInTheDocument()
  })
})
