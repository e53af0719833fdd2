import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n/i18n'
import { EMPTY_SEARCH } from '@/lib/request-search'
import { requestQueries } from './requests'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('requestQueries', () => {
  it('keys a request by the language it is read in, so a switch reads it again', async () => {
    expect(requestQueries.detail('REQ00000001').queryKey).toEqual(['requests', 'detail', 'REQ00000001', 'en'])
    await i18n.changeLanguage('fr')
    expect(requestQueries.detail('REQ00000001').queryKey).toEqual(['requests', 'detail', 'REQ00000001', 'fr'])
  })

  it('keeps every read of the resource under one root, so one invalidation refreshes lists, counts and details', () => {
    const keys = [
      requestQueries.list(EMPTY_SEARCH).queryKey,
      requestQueries.upTo(EMPTY_SEARCH, ['id'], 10).queryKey,
      requestQueries.aggregate(EMPTY_SEARCH, 'status').queryKey,
      requestQueries.detail('REQ00000001').queryKey,
    ]
    for (const key of keys) expect(key.slice(0, 1)).toEqual(requestQueries.all())
    expect(new Set(keys.map((key) => key[1])).size).toBe(keys.length)
  })

  it('counts by the filters alone: page, size and sort share one aggregate', () => {
    const other = { ...EMPTY_SEARCH, page: 3, size: 100 as const, sort: 'name' }
    expect(requestQueries.aggregate(other, 'type').queryKey).toEqual(requestQueries.aggregate(EMPTY_SEARCH, 'type').queryKey)
  })
})
