import { describe, expect, it } from 'vitest'
import type { CatalogItem } from '@contract/catalog'
import type { Request } from '@contract/request'
import { itemsFor, prefillFrom, uniqueReference } from './choose-item'
import { draftKey, readDraft, removeDraft, saveDraft } from './drafts'

const item = (id: string, type: string, category: CatalogItem['category'], variant: CatalogItem['variant'], actsOn?: string[]): CatalogItem => ({
  id,
  type,
  category,
  variant,
  actsOn,
  name: id,
  description: '',
  schema: {},
  createdAt: '2026-11-22T00:00:00.000Z',
})

const CATALOG = [
  item('CI-INTERNET-ACCESS', 'INTERNET_ACCESS', 'creation', 'createRequestsGeneric', []),
  item('CI-INTERNET-ACCESS-CHANGE', 'INTERNET_ACCESS_CHANGE', 'modification', 'modifyRequestsGeneric', ['INTERNET_ACCESS', 'ETHERNET_LINK']),
  item('CI-INTERNET-ACCESS-TERMINATION', 'INTERNET_ACCESS_TERMINATION', 'termination', 'deleteRequestsGeneric', ['INTERNET_ACCESS', 'ETHERNET_LINK']),
  item('CI-REQUEST-CANCELLATION', 'REQUEST_CANCELLATION', 'cancellation', 'cancelRequestsGeneric', ['INTERNET_ACCESS', 'C_BVPN_SITE']),
  item('CI-BVPN-SITE-CHANGE', 'M_BVPN_SITE', 'modification', 'modifyBvpnAutomatic', ['C_BVPN_SITE']),
  item('CI-BVPN-SITE-REMOVAL', 'R_BVPN_SITE', 'termination', 'deleteBVPNAutomatic', ['C_BVPN_SITE']),
  item('CI-BVPN-SITE-REMOVAL-ASSISTED', 'R_BVPN_SITE_ASSISTED', 'termination', 'deleteBVPNGeneric', ['C_BVPN_SITE']),
  // Added at run time: restricts nothing.
  item('CI-ANY-CHANGE', 'ANY_CHANGE', 'modification', 'modifyRequestsGeneric', []),
]
const ids = (items: CatalogItem[]) => items.map((i) => i.id)

describe('which catalog item acts on a request', () => {
  it('prefers the items that name the request’s type, by the action’s category', () => {
    expect(ids(itemsFor('modify', { type: 'INTERNET_ACCESS' }, CATALOG))).toEqual(['CI-INTERNET-ACCESS-CHANGE'])
    expect(ids(itemsFor('cancel', { type: 'C_BVPN_SITE' }, CATALOG))).toEqual(['CI-REQUEST-CANCELLATION'])
    expect(ids(itemsFor('terminate', { type: 'C_BVPN_SITE' }, CATALOG))).toEqual(['CI-BVPN-SITE-REMOVAL', 'CI-BVPN-SITE-REMOVAL-ASSISTED'])
    expect(ids(itemsFor('resubmit', { type: 'INTERNET_ACCESS' }, CATALOG))).toEqual(['CI-INTERNET-ACCESS'])
  })

  it('falls back to items that restrict nothing, of the same family, and to none', () => {
    expect(ids(itemsFor('modify', { type: 'SATELLITE_LINK' }, CATALOG))).toEqual(['CI-ANY-CHANGE'])
    expect(ids(itemsFor('modify', { type: 'C_BVPN_OTHER' }, CATALOG))).toEqual([])
    expect(ids(itemsFor('cancel', { type: 'SATELLITE_LINK' }, CATALOG))).toEqual([])
    // An operator that does not publish actsOn: the family decides.
    const unpublished = CATALOG.map(({ actsOn: _, ...rest }) => rest as CatalogItem)
    expect(ids(itemsFor('terminate', { type: 'C_BVPN_SITE' }, unpublished))).toEqual(['CI-BVPN-SITE-REMOVAL', 'CI-BVPN-SITE-REMOVAL-ASSISTED'])
  })

  it('prefills what the source knows: contract and properties, the request acted on, name, comment and the buyer’s reference to resubmit', () => {
    const source = {
      id: 'REQ00000042',
      contract: 'ACM-000101',
      name: 'Lyon',
      comment: 'Gate B',
      customerReference: 'PO-4711',
      properties: { servicePoint: { id: 'SP00000042' } },
    } as unknown as Request
    expect(prefillFrom('modify', source)).toEqual({ contract: 'ACM-000101', properties: source.properties, requestId: 'REQ00000042' })
    expect(prefillFrom('cancel', source)).toMatchObject({ requestId: 'REQ00000042' })
    expect(prefillFrom('terminate', source)).toEqual({ contract: 'ACM-000101', properties: source.properties })
    expect(prefillFrom('resubmit', source)).toEqual({
      contract: 'ACM-000101',
      properties: source.properties,
      name: 'Lyon',
      comment: 'Gate B',
      customerReference: 'PO-4711',
    })
  })

  it('makes references that leave room within the 18-character limit and differ, even within one minute', () => {
    const now = Date.now()
    const references = new Set(Array.from({ length: 200 }, () => uniqueReference(now)))
    expect(references.size).toBe(200)
    for (const reference of references) expect(reference).toMatch(/^OC-[0-9A-Z]{10}$/)
    // The largest random part, and a time late in 2058: still 13 characters, 5 left for the person.
    expect(uniqueReference(Date.UTC(2058, 11, 31), () => 0.999_999_999)).toHaveLength(13)
  })
})

describe('drafts', () => {
  const storage = new Map<string, string>()
  globalThis.localStorage ??= {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  } as Storage

  it('keeps one draft per person, item, action and source request, and forgets it once removed', () => {
    const keys = [
      draftKey({ userId: 'alice', itemId: 'CI-A' }),
      draftKey({ userId: 'bob', itemId: 'CI-A' }),
      draftKey({ userId: 'alice', itemId: 'CI-B' }),
      draftKey({ userId: 'alice', itemId: 'CI-A', action: 'modify', from: 'REQ00000001' }),
      draftKey({ userId: 'alice', itemId: 'CI-A', action: 'modify', from: 'REQ00000002' }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    saveDraft(keys[0]!, { contract: 'ACM-000101' }, new Date('2026-11-22T10:00:00Z'))
    expect(readDraft(keys[0]!)).toEqual({ savedAt: '2026-11-22T10:00:00.000Z', values: { contract: 'ACM-000101' } })
    expect(readDraft(keys[1]!)).toBeNull()
    removeDraft(keys[0]!)
    expect(readDraft(keys[0]!)).toBeNull()
  })

  it('ignores what is not a draft', () => {
    localStorage.setItem('k', '{not json')
    expect(readDraft('k')).toBeNull()
    localStorage.setItem('k', JSON.stringify({ values: 'x' }))
    expect(readDraft('k')).toBeNull()
  })
})
