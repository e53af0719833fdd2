// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ZRequestProjection } from '@contract/request'
import { ZAggregateResponse } from '@contract/request-query'
import { startInProcessServer, type InProcessServer } from '../../../test/in-process-fetch'
import { renderApp } from '../../../test/render-app'
import { changeLanguage } from '@/i18n/i18n'
import { daysLate } from '@/lib/lateness'

let server: InProcessServer
beforeAll(() => {
  // The default seed: the account manager's customer has about ten requests still open past their date.
  server = startInProcessServer({ SANDBOX_SEED_COUNT: '5000', SANDBOX_SPIKE_ARREST_PER_SECOND: '0' })
})
afterAll(() => server.close())
beforeEach(async () => {
  localStorage.clear()
  await changeLanguage('en')
})

const API = '/api/ordering/v3/requests'
const OVERDUE = 'isOverdue=true&status=NEW,IN_PROGRESS'
const here = () => `${window.location.pathname}${window.location.search}`

/** Every still-open overdue request the sandbox holds for the signed-in person, the latest first. */
async function sandboxOverdue() {
  const all: z.infer<typeof ZRequestProjection>[] = []
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(
      `${API}?${OVERDUE}&sort=keyDates.requestedAt&limit=100&offset=${offset}&fields=id,type,status,isOverdue,keyDates,customerReference`,
    )
    const page = z.array(ZRequestProjection).parse(await response.json())
    all.push(...page)
    if (page.length < 100) return all
  }
}

async function openOverdue(path = '/overdue') {
  await renderApp({ server, signedInAs: 'marc@acme.example', path })
  return screen.findByRole('table', { name: /overdue requests?, the most days late first$/ }, { timeout: 5000 })
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryByRole('link'))
    .map((row) => ({ id: within(row).getByRole('link').textContent, late: Number(row.lastElementChild?.textContent) }))

describe('overdue view', () => {
  it('lists only the overdue requests still open, in order of lateness, as the sandbox holds them', async () => {
    const table = await openOverdue()
    const expected = await sandboxOverdue()
    expect(expected.length).toBeGreaterThan(5)
    expect(expected.every((request) => request.isOverdue && (request.status === 'NEW' || request.status === 'IN_PROGRESS'))).toBe(true)
    const rows = rowsOf(table)
    expect(rows.map((row) => row.id)).toEqual(expected.map((request) => request.id))
    expect(rows.map((row) => row.late)).toEqual(expected.map((request) => daysLate(request.keyDates!.requestedAt)))
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.late).toBeLessThanOrEqual(rows[i - 1]!.late)
    expect(rows.at(-1)!.late).toBeGreaterThan(0)
    expect(within(table).getByText(`${rows.length} overdue requests, the most days late first`)).toBeInTheDocument()
    // Grouped by how late by default, the latest band first; no type code on the page, its name instead.
    const bands = [...table.querySelectorAll('th[scope="rowgroup"]')].map((th) => th.textContent!.replace(/:.*/, ''))
    const order = ['More than 30 days late', '8 to 30 days late', '1 to 7 days late']
    expect(bands.length).toBeGreaterThan(0)
    expect(bands).toEqual(order.filter((band) => bands.includes(band)))
    await waitFor(() => expect(document.querySelector('main')!.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/))
    expect(document.querySelector('main')!.textContent).not.toContain('INTERNET_ACCESS')
  })

  it('counts them per type in a chart whose bars open the list with the same total', async () => {
    await openOverdue()
    const chart = await screen.findByRole('group', { name: 'Overdue requests by type' }, { timeout: 5000 })
    const counts = ZAggregateResponse.parse(await (await fetch(`${API}/aggregate?${OVERDUE}&groupBy=type`)).json())
    const links = within(chart).getAllByRole('link')
    expect(links).toHaveLength(Object.keys(counts).length)
    const catalog = (await (await fetch('/api/ordering/v3/catalogItems?limit=100')).json()) as { type: string; name: string }[]
    for (const link of links) {
      // Each bar is named by the type's name; its link filters by the type's code.
      const [, name, count] = /^(.*): (\d+) requests?$/.exec(link.getAttribute('aria-label') ?? '')!
      const query = new URL(link.getAttribute('href')!, window.location.href).searchParams
      const type = query.get('type')!
      expect(name).toBe(catalog.find((item) => item.type === type)?.name)
      expect(Number(count), type).toBe(counts[type])
      expect(Object.fromEntries(query)).toEqual({ status: 'NEW,IN_PROGRESS', type, isOverdue: 'true', sort: 'keyDates.requestedAt' })
    }
    const [first] = links
    const [, , count] = /^(.*): (\d+) requests?$/.exec(first!.getAttribute('aria-label') ?? '')!
    const type = new URL(first!.getAttribute('href')!, window.location.href).searchParams.get('type')
    await userEvent.click(first!)
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' }, { timeout: 5000 })).toBeInTheDocument()
    expect(here()).toBe(`/requests?status=NEW%2CIN_PROGRESS&type=${type}&isOverdue=true&sort=keyDates.requestedAt`)
    expect(await screen.findByText(`${count} ${count === '1' ? 'request' : 'requests'} found`)).toBeInTheDocument()
  })

  it('groups the list by type or by customer reference, each group in order of lateness', async () => {
    const table = await openOverdue()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group the list by' }), 'type')
    expect(here()).toBe('/overdue?groupBy=type')
    const expected = await sandboxOverdue()
    const typeOf = new Map(expected.map((request) => [request.id, request.type]))
    const types = [...new Set(expected.map((request) => request.type))]
    const catalog = (await (await fetch('/api/ordering/v3/catalogItems?limit=100')).json()) as { type: string; name: string }[]
    const nameOf = (type: string | undefined) => catalog.find((item) => item.type === type)?.name ?? type
    await waitFor(() =>
      expect([...table.querySelectorAll('tbody')].map((group) => group.querySelector('th[scope="rowgroup"]')!.textContent)).toEqual(
        types.map((type) => {
          const count = expected.filter((request) => request.type === type).length
          return `${nameOf(type)}: ${count} ${count === 1 ? 'request' : 'requests'}`
        }),
      ),
    )
    const groups = [...table.querySelectorAll('tbody')]
    for (const group of groups) {
      const rows = rowsOf(group)
      expect(new Set(rows.map((row) => typeOf.get(row.id!))).size).toBe(1)
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.late).toBeLessThanOrEqual(rows[i - 1]!.late)
    }

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group the list by' }), 'customerReference')
    expect(here()).toBe('/overdue?groupBy=customerReference')
    const references = new Set(expected.map((request) => request.customerReference ?? 'No customer reference'))
    await waitFor(() => expect(table.querySelectorAll('th[scope="rowgroup"]')).toHaveLength(references.size))
  })

  it('exports the overdue requests as CSV, the most days late first, names and codes', async () => {
    const blobs: Blob[] = []
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:overdue'), revokeObjectURL: () => undefined }))
    const table = await openOverdue()
    await userEvent.click(screen.getByRole('button', { name: 'Export to CSV' }))
    expect(await screen.findByText(/^\d+ requests exported\.$/)).toBeInTheDocument()
    const lines = (await blobs[0]!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('Request,Name,Customer reference,Type,Type code,Status,Status code,Step,Step code,Sub-step,Sub-step code,Requested for,Days late')
    const first = lines[1]!.split(',')
    expect(first[5]).toMatch(/^(New|In progress)$/)
    expect(first[6]).toMatch(/^(NEW|IN_PROGRESS)$/)
    expect(first[4]).toMatch(/^[A-Z_]+$/)
    expect(first[3]).not.toBe(first[4])
    const rows = rowsOf(table)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(rows.map((row) => row.id))
    expect(lines.slice(1).map((line) => Number(line.split(',').at(-1)))).toEqual(rows.map((row) => row.late))
  })
})
