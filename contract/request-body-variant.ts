import { z } from 'zod/mini'

/**
 * The names of the eight body variants of POST /requests (reference 4), apart from their schemas
 * (request-bodies.ts): the catalog names an item's variant, and the requests list reads the catalog, without the
 * creation forms' schemas (docs/decisions/0024-delivery.md).
 */
export const REQUEST_BODY_VARIANT_NAMES = [
  'createBvpnAutomatic',
  'modifyBvpnAutomatic',
  'deleteBVPNAutomatic',
  'deleteBVPNGeneric',
  'createRequestsGeneric',
  'modifyRequestsGeneric',
  'deleteRequestsGeneric',
  'cancelRequestsGeneric',
] as const
export type RequestBodyVariant = (typeof REQUEST_BODY_VARIANT_NAMES)[number]
export const ZRequestBodyVariant = z.enum(REQUEST_BODY_VARIANT_NAMES)
