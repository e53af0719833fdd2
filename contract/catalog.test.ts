import { describe, expect, it } from 'vitest'
import { catalogItemTitle } from './catalog'

describe('an unnamed catalog item’s title', () => {
  it('is its name, else a label made from its type, never the code itself, else its id', () => {
    expect(catalogItemTitle({ id: 'CI-1', name: ' Business VPN site ', type: 'C_BVPN_SITE' })).toBe('Business VPN site')
    expect(catalogItemTitle({ id: 'CI-1', name: '', type: 'C_BVPN_SITE' })).toBe('C BVPN site')
    expect(catalogItemTitle({ id: 'CI-1', type: ' ' })).toBe('CI-1')
  })
})
