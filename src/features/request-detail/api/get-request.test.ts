import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n/i18n'
import { refreshPolicyOf, requestDetailQueries } from './get-request'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('requestDetailQueries.detail', () => {
  it('keys the request by the language it is read in, so a switch reads it again', async () => {
    expect(requestDetailQueries.detail('REQ00000001').queryKey).toEqual(['requests', 'detail', 'REQ00000001', 'en'])
    await i18n.changeLanguage('fr')
    expect(requestDetailQueries.detail('REQ00000001').queryKey).toEqual(['requests', 'detail', 'REQ00000001', 'fr'])
  })
})

describe('refreshPolicyOf', () => {
  it('refreshes an open request every 30 seconds and whenever the window gets the focus back', () => {
    for (const status of ['NEW', 'IN_PROGRESS'] as const) expect(refreshPolicyOf({ status })).toEqual({ interval: 30_000, onWindowFocus: 'always' })
  })

  it('leaves a closed request, or one not read yet, to the usual rules', () => {
    for (const status of ['COMPLETED', 'REJECTED'] as const) expect(refreshPolicyOf({ status })).toEqual({ interval: false, onWindowFocus: true })
    expect(refreshPolicyOf(undefined)).toEqual({ interval: false, onWindowFocus: true })
  })
})
