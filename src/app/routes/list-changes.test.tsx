// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ZRequestProjection } from '@contract/request'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '@/testing/render-app'
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
})
