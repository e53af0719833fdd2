// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TFunction } from '@/i18n/translator'
import { startInProcessServer, type InProcessServer } from '../../../../test/in-process-fetch'
import { i18n } from '@/i18n/i18n'
import { EMPTY_SEARCH } from '@/lib/request-search'
import { listRequests } from '@/lib/queries/requests'
import { fetchAllRequests, requestsCsv } from './export-requests'

let server: InProcessServer
beforeAll(async () => {
  server = startInProcessServer()
  await server.signIn('alice@acme.example')
})
afterAll(() => server.close())

describe('the export of every request of a view', () => {
  it('reads every page until the total, reporting its progress', async () => {
    const { total } = await listRequests(EMPTY_SEARCH, ['id'])
    expect(total).toBeGreaterThan(100)
    const progress: [number, number][] = []
    const rows = await fetchAllRequests({ search: EMPTY_SEARCH, signal: new AbortController().signal, onProgress: (done, of) => progress.push([done, of]) })
    expect(rows).toHaveLength(total)
    expect(new Set(rows.map((row) => row.id)).size).toBe(total)
    expect(progress).toEqual([...Array.from({ length: Math.ceil(total / 100) - 1 }, (_, i) => [(i + 1) * 100, total]), [total, total]])
  })

  it('keeps to the filters of the view', async () => {
    const search = { ...EMPTY_SEARCH, status: ['REJECTED' as const], page: 3, size: 50 as const }
    const { total } = await listRequests(search, ['id'])
    const rows = await fetchAllRequests({ search, signal: new AbortController().signal, onProgress: () => undefined })
    expect(rows).toHaveLength(total)
    expect(rows.every((row) => row.status === 'REJECTED')).toBe(true)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const exported = fetchAllRequests({
      search: EMPTY_SEARCH,
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done)
        controller.abort()
      },
    })
    await expect(exported).rejects.toMatchObject({ name: 'AbortError' })
    expect(seen).toEqual([100])
  })

  it('writes one line per request under translated headers, neutralising formulas', () => {
    const t = i18n.getFixedT('en') as TFunction
    const csv = requestsCsv(
      [
        { id: 'REQ00000001', name: '=cmd|calc', status: 'IN_PROGRESS', isOverdue: true, keyDates: { requestedAt: '2020-01-01' }, customerReference: 'PO, "quoted"' },
        { id: 'REQ00000002', isOverdue: false, isArchived: true },
      ],
      t,
      (type) => type,
    )
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Request id,Name,Customer reference,Type,Category,Status,Step,Sub-step,Requested for,Delay,Archived,Created,Updated,Days late')
    expect(lines[1]).toMatch(/^REQ00000001,'=cmd\|calc,"PO, ""quoted""",,,In progress,,,2020-01-01,Yes,,,,\d+$/)
    expect(lines[2]).toBe('REQ00000002,,,,,,,,,No,Yes,,,')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
  })
})
