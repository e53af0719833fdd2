// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../test/in-process-fetch'
import { renderApp } from '../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

/** The SPA's side of the mobile sign-in (docs/decisions/0017-mobile-connect.md); the whole flow is in e2e/mobile-sign-in.spec.ts. */

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await changeLanguage('en')
})

describe('sign-in with a mobile number', () => {
  it('is offered beside the usual sign-in, level 2 unless the person asks for 3', async () => {
    await renderApp({ server, path: '/sign-in' })
    const section = await screen.findByRole('region', { name: 'Sign in with your mobile number' })
    const levels = within(section).getByRole('group', { name: 'How you confirm' })
    expect(within(levels).getByRole('radio', { name: /code by SMS or OK \(level 2\)/ })).toBeChecked()
    expect(within(levels).getByRole('radio', { name: /SIM PIN \(level 3\)/ })).not.toBeChecked()
    expect(within(section).getByRole('button', { name: 'Use my mobile number' })).toBeEnabled()
  })

  it('says why discovery found no usable operator, with a way back', async () => {
    await renderApp({ server, path: '/sign-in/mobile?error=no_agreement' })
    expect(await screen.findByRole('alert')).toHaveTextContent('not available for your operator’s country yet')
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/sign-in')
  })

  it('says a sign-in that is not (or no longer) in progress has to start again, in French too', async () => {
    await changeLanguage('fr')
    await renderApp({ server, path: '/sign-in/mobile' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette connexion a pris trop de temps')
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmez auprès de votre opérateur mobile' })).toBeInTheDocument()
  })

  it('does not sign anybody in from a callback without a sign-in in progress', async () => {
    await renderApp({ server, path: '/auth/mobile/callback?code=forged&state=forged' })
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not signed in' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('could not be used')
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/sign-in')
  })
})
