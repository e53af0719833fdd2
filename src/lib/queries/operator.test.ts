import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPERATOR_TRAITS_PATH } from '@contract/operator-profile'
import { DEFAULT_TRAITS, getOperatorTraits } from './operator'

afterEach(() => vi.restoreAllMocks())

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    expect(String(input)).toBe(OPERATOR_TRAITS_PATH)
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })

describe('the operator’s traits (docs/decisions/0028-tolerant-reader.md)', () => {
  it('are read from the gateway, unknown fields kept', async () => {
    answer(200, { closedStatuses: ['DONE'], pageSizeMax: 50, wildcards: false, other: 1 })
    expect(await getOperatorTraits()).toMatchObject({ closedStatuses: ['DONE'], pageSizeMax: 50, wildcards: false })
  })

  it('are the default profile’s where the gateway has no such endpoint (404)', async () => {
    answer(404, { code: 404, message: 'Not found' })
    expect(await getOperatorTraits()).toEqual(DEFAULT_TRAITS)
  })
})
