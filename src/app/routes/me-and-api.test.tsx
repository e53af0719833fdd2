// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

let server: InProcessServer
beforeAll(async () => {
  server = startInProcessServer()
  await changeLanguage('en')
})
afterAll(() => server.close())
afterEach(() => {
  server.sandbox!.faults.injected.clear()
  server.sandbox!.applications.setSubscribed('ordering-console-sandbox', true)
})

describe('the Me page', () => {
  it('shows the person, their company, access, scopes and contracts from GET /me', async () => {
    await renderApp({ server, path: '/me', signedInAs: 'bruno@blueharbor.example' })
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument()
    const who = await screen.findByRole('region', { name: 'Signed in as' })
    expect(await within(who).findByText('Bruno García')).toBeInTheDocument()
    expect(within(who).getByText(/Blue Harbor Logistics/)).toBeInTheDocument()
    expect(within(who).getByText('Full access')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Scopes' })).getByText('b2b:ordering')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Contracts' })).getAllByRole('row').length).toBeGreaterThan(1)
  })
})

describe('the API page', () => {
  it('lists the operations of /doc and the version of /version', async () => {
    await renderApp({ server, path: '/api', signedInAs: 'alice@acme.example' })
    const operations = await screen.findByRole('table', { name: 'Operations' }, { timeout: 5_000 })
    expect(within(operations).getByRole('row', { name: /GET \/requests\/aggregate/ })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Version' })).getByText('3.1.0')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download the description (.json)' })).toBeInTheDocument()
  })
})

describe('errors on these pages', () => {
  it('stand in a subscription page for any page on 403 code 50, and bring the page back once access is back', async () => {
    await renderApp({ server, path: '/me', signedInAs: 'alice@acme.example' })
    expect(await screen.findByRole('region', { name: 'Signed in as' })).toBeInTheDocument()
    server.sandbox!.applications.setSubscribed('ordering-console-sandbox', false)
    await userEvent.click(screen.getByRole('link', { name: 'Requests' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Access to the ordering service is suspended' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied')
    server.sandbox!.applications.setSubscribed('ordering-console-sandbox', true)
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
  })

  it('say when the request id could not be copied, so that the person copies it by hand', async () => {
    // For a while: a single fault would be cured as soon as /status says OK, before the test reads the error.
    server.sandbox!.faults.injected.add({ kind: 'unavailable', path: '/me', seconds: 60 })
    await renderApp({ server, path: '/me', signedInAs: 'alice@acme.example' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The API is unavailable')
    expect(await screen.findByText(/Service interrupted/)).toBeInTheDocument()
    // jsdom has no clipboard: the failure is announced instead of a false "copied".
    await userEvent.click(within(alert).getByRole('button', { name: 'Copy the request id' }))
    expect(within(alert).getByRole('status')).toHaveTextContent('The request id could not be copied')
  })
})
