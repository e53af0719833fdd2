// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'
import { ALICE } from '../../../test/sign-in'

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
afterEach(async () => {
  await changeLanguage('en')
})

describe('cloud route', () => {
  it('shows the regions, then every instance of a project in a region once both are chosen, with counts', async () => {
    await renderApp({ server, signedInAs: ALICE, path: '/cloud' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud resources' }, { timeout: 5_000 })).toBeInTheDocument()
    const regions = screen.getByRole('region', { name: 'Regions' })
    expect(await within(regions).findByText('6 regions')).toBeInTheDocument()
    // Regions by their names alone: no "(id 1)" beside them.
    expect(
      within(regions)
        .getAllByRole('listitem')
        .find((item) => item.textContent === 'Paris'),
    ).toBeDefined()
    expect(within(regions).queryByText(/\(id \d+\)/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cloud' })).toHaveAttribute('aria-current', 'page')

    const instances = screen.getByRole('region', { name: 'Instances' })
    expect(await within(instances).findByText('Choose a project and a region to see its instances.')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.selectOptions(within(instances).getByLabelText('Project'), 'Acme production')
    await user.selectOptions(within(instances).getByLabelText('Region'), 'Paris')
    expect(window.location.search).toBe('?project=1101&region=1')

    expect(await within(instances).findByText('2,500 instances of Acme production in Paris', {}, { timeout: 10_000 })).toBeInTheDocument()
    const table = within(instances).getByRole('table', { name: 'Instances, 100 shown of 2,500' })
    expect(within(table).getAllByRole('row')).toHaveLength(101)
    await user.click(within(instances).getByRole('button', { name: 'Show 100 more' }))
    expect(within(instances).getByRole('table', { name: 'Instances, 200 shown of 2,500' })).toBeInTheDocument()
  })

  it('opens from a link with the project and region chosen, says when a project has no instance, and speaks French', async () => {
    await renderApp({ server, signedInAs: ALICE, path: '/cloud?project=1103&region=2' })
    expect(await screen.findByText('Acme lab has no instance in Lyon.', {}, { timeout: 5_000 })).toBeInTheDocument()
    await changeLanguage('fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ressources cloud' })).toBeInTheDocument()
    expect(screen.getByText('Acme lab n’a aucune instance à Lyon.')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Projet'), 'Acme production')
    expect(await screen.findByText(/^1\s000 instances d’Acme production à Lyon$/, {}, { timeout: 10_000 })).toBeInTheDocument()
  })

  it('shows only the signed-in person’s company’s projects', async () => {
    await renderApp({ server, signedInAs: ALICE, path: '/cloud' })
    const select = await screen.findByLabelText('Project', {}, { timeout: 5_000 })
    await within(select).findByRole('option', { name: 'Acme production' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a project', 'Acme production', 'Acme staging', 'Acme lab'])
  })
})
