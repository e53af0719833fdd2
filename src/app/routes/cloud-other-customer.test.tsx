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
  it('tells Bruno in plain sentences that his company has no cloud resources here, and shows none of Acme’s', async () => {
    await renderApp({ server, signedInAs: 'bruno@blueharbor.example', path: '/cloud?project=1101&region=1' })
    const section = await screen.findByRole('region', { name: 'Not available for your company' }, { timeout: 5_000 })
    expect(within(section).getByText('Your company has no cloud resources on this console.')).toBeInTheDocument()
    expect(within(section).getByText(/belong to another customer/)).toBeInTheDocument()
    // A fact about the company, not a fault: no error box, no status or code, no request id, nothing to try again.
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(section).queryByText(/403|code 50/)).not.toBeInTheDocument()
    expect(within(section).queryByText(/[0-9a-f-]{36}/)).not.toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    // Nothing of Acme's: no regions, no projects, no instances.
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
