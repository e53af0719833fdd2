// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer } from '../../../test/in-process-fetch'
import { App, createQueryClient } from '../app'
import { changeLanguage } from '@/i18n/i18n'

let server: ReturnType<typeof startInProcessServer>
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())

describe('home route', () => {
  it('shows the status and version the sandbox reports, through the gateway', async () => {
    await changeLanguage('en')
    render(<App queryClient={createQueryClient()} />)
    const region = await screen.findByRole('region', { name: 'Service status' })
    expect(await within(region).findByText('The ordering service is available.')).toBeInTheDocument()
    const table = within(region).getByRole('table', { name: 'Components' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(await within(region).findByText('API version 3.1.0')).toBeInTheDocument()
  })

  it('shows the outage with its request id when the service is in maintenance', async () => {
    server.sandbox!.faults.maintenance = true
    try {
      await changeLanguage('fr')
      render(<App queryClient={createQueryClient()} />)
      expect(await screen.findAllByText('Le service de commande est indisponible.')).not.toHaveLength(0)
    } finally {
      server.sandbox!.faults.maintenance = false
      await changeLanguage('en')
    }
  })

  it('lets a person switch the language from the header', async () => {
    await changeLanguage('en')
    render(<App queryClient={createQueryClient()} />)
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue dans Ordering Console' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('fr')
    await changeLanguage('en')
  })
})
