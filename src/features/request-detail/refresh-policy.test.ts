import { describe, expect, it } from 'vitest'
import { refreshPolicyOf } from './refresh-policy'

describe('refreshPolicyOf', () => {
  it('refreshes an open request every minute and whenever the window gets the focus back', () => {
    for (const status of ['NEW', 'IN_PROGRESS'] as const) expect(refreshPolicyOf({ status })).toEqual({ interval: 60_000, onWindowFocus: 'always' })
  })

  it('leaves a closed request, or one not read yet, to the usual rules', () => {
    for (const status of ['COMPLETED', 'REJECTED'] as const) expect(refreshPolicyOf({ status })).toEqual({ interval: false, onWindowFocus: true })
    expect(refreshPolicyOf(undefined)).toEqual({ interval: false, onWindowFocus: true })
  })
})
