// @vitest-environment jsdom
import { expect, it } from 'vitest'
import type { TFunction } from '@/i18n/translator'
import { startInProcessServer } from '../../../../test/in-process-fetch'
import { i18n } from '@/i18n/i18n'
import { EMPTY_SEARCH } from '@/lib/request-search'
import { exportRequests } from './export-requests'

it('times an export', async () => {
  const server = startInProcessServer({ SANDBOX_SEED_COUNT: '30000', SANDBOX_SPIKE_ARREST_PER_SECOND: '25' })
  await server.signIn('alice@acme.example')
  let bytes = 0
  let writes = 0
  const heapBefore = process.memoryUsage().heapUsed
  let heapMax = 0
  const started = performance.now()
  const count = await exportRequests({
    search: { ...EMPTY_SEARCH }, t: i18n.getFixedT('en') as TFunction, typeName: (x) => x, signal: new AbortController().signal,
    onProgress: () => { heapMax = Math.max(heapMax, process.memoryUsage().heapUsed) },
    sink: { write: async (text) => { bytes += text.length; writes++ }, close: async () => undefined, abort: async () => undefined },
  })
  const seconds = (performance.now() - started) / 1000
  console.log(`EXPORT ${count} requests, ${writes} writes, ${(bytes / 1e6).toFixed(1)} MB of CSV, ${seconds.toFixed(2)} s, heap before ${(heapBefore / 1e6).toFixed(0)} MB, max ${(heapMax / 1e6).toFixed(0)} MB`)
  expect(count).toBeGreaterThan(0)
  server.close()
}, 300_000)
