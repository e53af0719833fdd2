// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ZRequestProjection } from '@contract/request'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'

let server: InProcessServer
beforeAll(async () => {
  server = startInProcessServer({ SANDBOX_SEED_COUNT: '1500', SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
  localStorage.clear()
  await changeLanguage('en')
})
afterAll(() => server.close())

const VIEW = '/requests?status=NEW'
const table = () => screen.findByRole('table', { name: /^Requests matching the filters/ }, { timeout: 5000 })
const rowsOf = (element: HTMLElement) => within(element).getAllByRole('row').slice(1)

describe('what changed since the last look', () => {
  it('marks, in words, the rows whose status, step or sub-step moved since the person last saw them', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example', path: VIEW })
    const first = await table()
    await waitFor(() => expect(rowsOf(first).length).toBeGreaterThan(3))
    const seen = rowsOf(first).map((row) => within(row).getByRole('link').textContent!)
    // Nothing is marked on a first look; what was shown is now remembered for this person.
    expect(within(first).queryByText('Changed')).not.toBeInTheDocument()
    await waitFor(() => expect(Object.keys(localStorage).some((key) => key.startsWith('ordering-console.seen.'))).toBe(true))
    cleanup()

    // Five hours pass in the sandbox: new requests move on along their lifecycle (docs/decisions/0003, 0009).
    const clock = await fetch('/sandbox/control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hours: 5 }) })
    expect(clock.status).toBe(200)
    const response = await fetch(`/api/ordering/v3/requests?id=${seen.join(',')}&fields=id,status,step,subStep&limit=20`)
    const now = z.array(ZRequestProjection).parse(await response.json())
    const moved = now.filter((request) => request.status !== 'NEW' || request.subStep !== 'INITIATION').map((request) => request.id)
    expect(moved.length).toBeGreaterThan(0)

    // The same rows, shown again (the list of every status, newest first, holds them).
    await renderApp({ server, signedInAs: 'alice@acme.example', path: `/requests?id=${seen.join('%2C')}` })
    const again = await table()
    await waitFor(() => expect(within(again).getAllByText('Changed')).toHaveLength(moved.length))
    for (const row of rowsOf(again)) {
      const id = within(row).getByRole('link').textContent!
      const mark = within(row).queryByText('Changed')
      expect(Boolean(mark), id).toBe(moved.includes(id))
      if (mark) expect(mark.getAttribute('title')).toMatch(/^Since your last look; it was: New · Order · Initiation$/)
    }
    expect(screen.getByText(/requests? found/)).toHaveTextContent(new RegExp(`${moved.length} changed since your last look\\.$`))
  }, 90_000)
  it('says on the dashboard what its latest changes are, and counts only the requests it marks as changed', async () => {
    // Another person of the same customer: a first look of their own, with nothing remembered.
    const person = 'marc@acme.example'
    localStorage.clear()
    await renderApp({ server, signedInAs: person, path: '/?status=IN_PROGRESS' })
    const latest = await screen.findByRole('region', { name: 'Latest changes' }, { timeout: 5000 })
    await waitFor(() => expect(within(latest).getAllByRole('link').length).toBeGreaterThan(3))
    // Above a list of changes, no sentence says that nothing changed: it says what the list is.
    expect(within(latest).getByText('The requests updated last, the latest first.')).toBeInTheDocument()
    expect(latest).not.toHaveTextContent(/nothing changed/i)
    const ids = within(latest)
      .getAllByRole('link')
      .map((link) => /^\/requests\/([^/?]+)$/.exec(link.getAttribute('href') ?? '')?.[1])
      .filter((id): id is string => Boolean(id))
      // Five: the list's id filter holds at most 64 characters.
      .slice(0, 5)
    await waitFor(() => expect(Object.keys(localStorage).some((key) => key.startsWith('ordering-console.seen.'))).toBe(true))
    cleanup()

    const states = async () => {
      const response = await fetch(`/api/ordering/v3/requests?id=${ids.join(',')}&fields=id,status,step,subStep&limit=20`)
      return new Map(
        z
          .array(ZRequestProjection)
          .parse(await response.json())
          .map((request) => [request.id, `${request.status} ${request.step} ${request.subStep}`]),
      )
    }
    const seen = await states()

    // Thirty days pass: requests in progress move on (docs/decisions/0003).
    const clock = await fetch('/sandbox/control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 30 }) })
    expect(clock.status).toBe(200)
    const moved = [...(await states())].filter(([id, state]) => seen.get(id) !== state).length
    expect(moved).toBeGreaterThan(0)

    await renderApp({ server, signedInAs: person, path: `/?id=${ids.join('%2C')}` })
    const again = await screen.findByRole('region', { name: 'Latest changes' }, { timeout: 5000 })
    await waitFor(() => expect(within(again).getAllByText(/^Changed \(was /)).toHaveLength(moved), { timeout: 5000 })
    expect(again).toHaveTextContent(`The requests updated last, the latest first; ${moved} of them changed since your last look (marked).`)
  }, 90_000)
})
