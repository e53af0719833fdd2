// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TFunction } from '@/i18n/translator'
import { startInProcessServer, type InProcessServer } from '../../../../test/in-process-fetch'
import { i18n } from '@/i18n/i18n'
import { EMPTY_SEARCH } from '@/lib/request-search'
import { listRequests } from '@/lib/queries/requests'
import { exportRequests, readAllRequests, requestsCsv, type CsvSink } from './export-requests'

let server: InProcessServer
beforeAll(async () => {
  // A large set, and the sandbox's spike arrest on (25 calls a second): the export must keep under it by itself.
  server = startInProcessServer({ SANDBOX_SEED_COUNT: '4000', SANDBOX_SPIKE_ARREST_PER_SECOND: '25' })
  await server.signIn('alice@acme.example')
}, 60_000)
afterAll(() => server.close())

const t = i18n.getFixedT('en') as TFunction

/** A file in memory, as the export writes it: the parts it was handed. */
function memorySink() {
  const parts: string[] = []
  const sink: CsvSink & { parts: string[]; closed: boolean; aborted: boolean } = {
    parts,
    closed: false,
    aborted: false,
    write: async (text) => void parts.push(text),
    close: async () => void (sink.closed = true),
    abort: async () => void (sink.aborted = true),
  }
  return sink
}

describe('the export of every request of a view', () => {
  it('writes every request of a large set to the file a page at a time, under the spike arrest, with its progress', async () => {
    const { total } = await listRequests(EMPTY_SEARCH, ['id'])
    expect(total).toBeGreaterThan(1000)
    const progress: [number, number][] = []
    const sink = memorySink()
    const count = await exportRequests({
      search: EMPTY_SEARCH,
      t,
      typeName: (type) => type,
      signal: new AbortController().signal,
      onProgress: (done, of) => progress.push([done, of]),
      sink,
    })
    expect(count).toBe(total)
    expect(sink.closed).toBe(true)
    // The header, then one part per page of 100: the file is never one string in memory.
    const pages = Math.ceil(total / 100)
    expect(sink.parts).toHaveLength(1 + pages)
    expect(sink.parts[0]).toMatch(/^\uFEFFRequest id,Name,/)
    const lines = sink.parts.slice(1).join('').split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(total)
    const ids = lines.map((line) => line.split(',')[0])
    expect(new Set(ids).size).toBe(total)
    // In the view's order (newest first), as the list shows it.
    const firstPage = await listRequests({ ...EMPTY_SEARCH, size: 100 }, ['id'])
    expect(ids.slice(0, 100)).toEqual(firstPage.items.map((item) => item.id))
    expect(progress).toEqual([...Array.from({ length: pages - 1 }, (_, i) => [(i + 1) * 100, total]), [total, total]])
  }, 60_000)

  it('keeps to the filters of the view', async () => {
    const search = { ...EMPTY_SEARCH, status: ['REJECTED' as const], page: 3, size: 50 as const }
    const { total } = await listRequests(search, ['id'])
    const rows: object[] = []
    const count = await readAllRequests({ search, signal: new AbortController().signal, onProgress: () => undefined }, (page) => void rows.push(...page))
    expect(count).toBe(total)
    expect(rows).toHaveLength(total)
    expect(rows.every((row) => 'status' in row && row.status === 'REJECTED')).toBe(true)
  })

  it('stops when cancelled, and drops the file', async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const sink = memorySink()
    const exported = exportRequests({
      search: EMPTY_SEARCH,
      t,
      typeName: (type) => type,
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done)
        controller.abort()
      },
      sink,
    })
    await expect(exported).rejects.toMatchObject({ name: 'AbortError' })
    expect(seen).toEqual([100])
    expect(sink.aborted).toBe(true)
    expect(sink.closed).toBe(false)
  })

  it('writes one line per request under translated headers, names then codes, neutralising formulas', () => {
    const csv = requestsCsv(
      [
        {
          id: 'REQ00000001',
          name: '=cmd|calc',
          type: 'INTERNET_ACCESS',
          status: 'IN_PROGRESS',
          isOverdue: true,
          keyDates: { requestedAt: '2020-01-01' },
          customerReference: 'PO, "quoted"',
        },
        { id: 'REQ00000002', isOverdue: false, isArchived: true },
      ],
      t,
      (type) => (type === 'INTERNET_ACCESS' ? 'Internet access' : type),
    )
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Request id,Name,Customer reference,Type,Category,Status,Step,Sub-step,Requested for,Delay,Archived,Created,Updated,Days late,Type code,Status code,Step code,Sub-step code',
    )
    expect(lines[1]).toMatch(/^REQ00000001,'=cmd\|calc,"PO, ""quoted""",Internet access,,In progress,,,2020-01-01,Yes,,,,\d+,INTERNET_ACCESS,IN_PROGRESS,,$/)
    expect(lines[2]).toBe('REQ00000002,,,,,,,,,No,Yes,,,,,,,')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
  })
})
