import { describe, expect, it } from 'vitest'
import { nameParts } from './name-parts'

describe('nameParts', () => {
  it('cuts after the type’s name when the name starts with it', () => {
    expect(nameParts('Business internet access – Lyon warehouse', 'Business internet access')).toEqual({
      lead: 'Business internet access – ',
      rest: 'Lyon warehouse',
    })
  })
  it('cuts after the last separator when the type is named otherwise', () => {
    expect(nameParts('Accès internet – Lyon – entrepôt', 'Business internet access')).toEqual({ lead: 'Accès internet – Lyon – ', rest: 'entrepôt' })
  })
  it('leaves a name without parts whole', () => {
    expect(nameParts('Lyon warehouse')).toBeNull()
    expect(nameParts('Lyon warehouse – ')).toBeNull()
    expect(nameParts('– Lyon')).toBeNull()
  })
})
