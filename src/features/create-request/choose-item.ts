import type { CatalogItem } from '@contract/catalog'
import type { Request, RequestCategory } from '@contract/request'
import { BVPN_TYPE_PATTERN } from '@contract/request'
import { requestKindOf } from './item-kind'

export const REQUEST_ACTIONS = ['modify', 'cancel', 'terminate', 'resubmit'] as const
export type RequestAction = (typeof REQUEST_ACTIONS)[number]

const CATEGORY_OF: Record<Exclude<RequestAction, 'resubmit'>, RequestCategory> = {
  modify: 'modification',
  cancel: 'cancellation',
  terminate: 'termination',
}

/** BVPN items: their variant says so, or, when they name none, their type does. */
const isBvpnVariant = (item: CatalogItem) => (item.variant ? /bvpn/i.test(item.variant) : BVPN_TYPE_PATTERN.test(item.type ?? ''))

/**
 * The catalog items that can do `action` to `source` (docs/decisions/0014-creation-forms.md). Resubmitting
 * takes the item of the source's own type. Otherwise, items of the action's category that name the source's
 * type in `actsOn` win; failing those, items that restrict nothing (empty or unpublished `actsOn`), of the
 * same family (BVPN variants for BVPN types, generic ones for the others).
 */
export function itemsFor(action: RequestAction, source: Pick<Request, 'type'>, items: readonly CatalogItem[]): CatalogItem[] {
  if (action === 'resubmit') return items.filter((item) => item.type === source.type)
  const ofCategory = items.filter((item) => requestKindOf(item) === CATEGORY_OF[action])
  const naming = ofCategory.filter((item) => item.actsOn?.includes(source.type))
  if (naming.length > 0) return naming
  const bvpn = BVPN_TYPE_PATTERN.test(source.type)
  return ofCategory.filter((item) => (item.actsOn ?? []).length === 0 && isBvpnVariant(item) === bvpn)
}

/**
 * What a form starting from `source` knows already, as a request body would say it: the contract, the
 * request acted on (modify, cancel), the parts of `properties` (contacts, options, the service point to end…),
 * and for a resubmission also its name, comment and customer reference. The form keeps only what its schema has fields for.
 */
export function prefillFrom(action: RequestAction, source: Request): Record<string, unknown> {
  const common = { contract: source.contract, properties: source.properties }
  switch (action) {
    case 'modify':
    case 'cancel':
      return { ...common, requestId: source.id }
    case 'terminate':
      return common
    case 'resubmit':
      // The buyer's own reference (often their PO number) stays theirs (docs/decisions/0014-creation-forms.md).
      return { ...common, name: source.name, comment: source.comment ?? undefined, customerReference: source.customerReference ?? undefined }
  }
}

/**
 * A reference unique enough to find the request again after a failed send, short enough to leave the person room to
 * add to it (13 of the 18 characters, docs/decisions/0034-form-and-wording.md): the minute in base 36 (5 characters
 * until 2084) and 5 random ones, so two forms opened in the same minute collide about once in sixty million.
 */
export function uniqueReference(now = Date.now(), random = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0')
  return `OC-${Math.floor(now / 60_000)
    .toString(36)
    .toUpperCase()}${suffix}`
}
