// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '@/testing/render-app'
import { changeLanguage } from '@/i18n/i18n'

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())

describe('home route', () => {
  it('shows the status and version the sandbox reports, through the gateway', async () => {
    await changeLanguage('en')
    await renderApp({ server, signedInAs: 'alice@acme.example' })
    const region = await screen.findByRole('region', { name: 'Service status' })
    expect(await within(region).findByText('The ordering service is available.')).toBeInTheDocument()
    const table = within(region).getByRole('table', { name: 'Components' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(await within(region).findByText('API version 3.1.0')).toBeInTheDocument()
  })

  it('shows the outage with its request id when the service is in maintenance', async () => {
    await changeLanguage('fr')
    await renderApp({ server, signedInAs: 'alice@acme.example' })
    server.sandbox!.faults.maintenance = true
    try {
      expect(await screen.findAllByText('Le service de commande est indisponible.')).not.toHaveLength(0)
    } finally {
      server.sandbox!.faults.maintenance = false
      await changeLanguage('en')
    }
  })

  it('lets a person switch the language from the header', async () => {
    await changeLanguage('en')
    await renderApp({ server, signedInAs: 'alice@acme.example' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue dans Ordering Console' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('fr')
    await changeLanguage('en')
  })
})
