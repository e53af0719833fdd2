import { z } from 'zod/mini'
import { ZIsoDate } from './common'
import { withMeta } from './schema-helpers'
import { REQUEST_BODY_VARIANT_NAMES, type RequestBodyVariant } from './request-body-variant'
import {
  BVPN_TYPE_PATTERN,
  CONTRACT_MAX,
  CUSTOMER_REFERENCE_MAX,
  REQUESTED_AT_MIN_DAYS,
  ZBillingAccount,
  ZContacts,
  ZLocation,
  ZNetwork,
  ZRequestProperties,
  ZServicePoint,
  type RequestCategory,
} from './request'

/** Attachments: at most 5, each at most 1 MiB once decoded (docs/decisions/0005-request-bodies.md). */
export const ATTACHMENT_MAX_COUNT = 5
export const ATTACHMENT_MAX_BYTES = 1024 * 1024
export const ATTACHMENT_MAX_BASE64_LENGTH = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4
/** The whole JSON body of POST /requests may not exceed this. */
export const REQUEST_BODY_MAX_BYTES = 8 * 1024 * 1024
/**
 * The shape a JSON body of POST /requests may have (docs/decisions/0020-hostile-input-and-faults.md): nesting depth,
 * keys of one object, items of one array, and values in all. Past any of them the body is refused (400 code 20)
 * before it is parsed, and nothing is stored.
 */
export const REQUEST_BODY_JSON_LIMITS = { maxDepth: 32, maxObjectKeys: 256, maxArrayItems: 1000, maxNodes: 20_000 } as const

export const ZAttachmentUpload = withMeta(
  z.looseObject({
    name: withMeta(z.string().check(z.trim(), z.minLength(1), z.maxLength(255)), { title: 'File name' }),
    body: withMeta(z.base64().check(z.maxLength(ATTACHMENT_MAX_BASE64_LENGTH, { error: 'attachment.tooLarge' })), {
      title: 'Content',
      description: 'The file content, base64-encoded; at most 1 MiB once decoded.',
    }),
    mimeType: z.optional(z.string().check(z.maxLength(100))),
  }),
  { title: 'Attachment' },
)

const ZRequestIdRef = withMeta(z.string().check(z.regex(/^REQ[0-9]{8}$/, { error: 'format.requestId' })), {
  title: 'Request',
  description: 'Identifier of the request this one acts on, for example REQ00001234.',
})

/** Text, trimmed, then 1 to `max` characters. */
const trimmedText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))

/** The base request fields every variant shares (reference 1 leaves them unshown; decided in 0005). */
const baseShape = {
  type: withMeta(trimmedText(64), { title: 'Request type' }),
  requestedAt: withMeta(ZIsoDate, {
    title: 'Requested date',
    description: `Date wanted for execution; at least today plus ${REQUESTED_AT_MIN_DAYS} days.`,
  }),
  customerReference: z.optional(
    withMeta(trimmedText(CUSTOMER_REFERENCE_MAX), {
      title: 'Your reference',
      description: `Your own reference, at most ${CUSTOMER_REFERENCE_MAX} characters.`,
    }),
  ),
  contract: withMeta(trimmedText(CONTRACT_MAX), {
    title: 'Contract',
    description: `Contract number, at most ${CONTRACT_MAX} characters; routes the request.`,
  }),
  name: z.optional(withMeta(trimmedText(100), { title: 'Name' })),
  comment: z.optional(withMeta(z.string().check(z.maxLength(2000)), { title: 'Comment' })),
  attachments: withMeta(z.array(ZAttachmentUpload).check(z.maxLength(ATTACHMENT_MAX_COUNT)), {
    title: 'Attachments',
    description: 'Send an empty list when there is none.',
  }),
}

const bvpnType = baseShape.type.check(z.regex(BVPN_TYPE_PATTERN, { error: 'format.bvpnType' }))

/** Properties that every BVPN creation may carry besides network and location ("common request properties"). */
const commonProperties = {
  profile: z.optional(withMeta(z.string().check(z.maxLength(40)), { title: 'Profile' })),
  options: z.optional(withMeta(z.record(z.string(), z.unknown()), { title: 'Options' })),
  billingAccount: z.optional(ZBillingAccount),
  contacts: z.optional(ZContacts),
}

export const ZCreateRequestsGeneric = z.looseObject({ ...baseShape, properties: ZRequestProperties })
export const ZModifyRequestsGeneric = z.looseObject({ ...baseShape, requestId: ZRequestIdRef, properties: ZRequestProperties })
export const ZDeleteRequestsGeneric = z.looseObject({
  ...baseShape,
  properties: z.looseObject({ ...commonProperties, servicePoint: ZServicePoint }),
})
export const ZCancelRequestsGeneric = z.looseObject({
  ...baseShape,
  requestId: ZRequestIdRef,
  properties: z.optional(ZRequestProperties),
})
export const ZCreateBvpnAutomatic = z.looseObject({
  ...baseShape,
  type: bvpnType,
  properties: z.looseObject({ ...commonProperties, network: ZNetwork, location: ZLocation }),
})
export const ZModifyBvpnAutomatic = z.looseObject({
  ...baseShape,
  type: bvpnType,
  requestId: ZRequestIdRef,
  properties: z.looseObject({ ...commonProperties, network: z.optional(ZNetwork), location: z.optional(ZLocation) }),
})
export const ZDeleteBVPNAutomatic = z.looseObject({
  ...baseShape,
  type: bvpnType,
  properties: z.looseObject({ ...commonProperties, contacts: ZContacts, servicePoint: ZServicePoint }),
})
export const ZDeleteBVPNGeneric = z.looseObject({
  ...baseShape,
  type: bvpnType,
  properties: z.looseObject({
    ...commonProperties,
    servicePoint: ZServicePoint,
    contacts: z.optional(ZContacts),
    location: z.optional(ZLocation),
  }),
})

/** The eight body variants of POST /requests, by their reference names, with the category each serves. */
export const REQUEST_BODY_VARIANTS = {
  createBvpnAutomatic: { schema: ZCreateBvpnAutomatic, category: 'creation' },
  modifyBvpnAutomatic: { schema: ZModifyBvpnAutomatic, category: 'modification' },
  deleteBVPNAutomatic: { schema: ZDeleteBVPNAutomatic, category: 'termination' },
  deleteBVPNGeneric: { schema: ZDeleteBVPNGeneric, category: 'termination' },
  createRequestsGeneric: { schema: ZCreateRequestsGeneric, category: 'creation' },
  modifyRequestsGeneric: { schema: ZModifyRequestsGeneric, category: 'modification' },
  deleteRequestsGeneric: { schema: ZDeleteRequestsGeneric, category: 'termination' },
  cancelRequestsGeneric: { schema: ZCancelRequestsGeneric, category: 'cancellation' },
} as const satisfies Record<RequestBodyVariant, { schema: z.ZodMiniType; category: RequestCategory }>

export { REQUEST_BODY_VARIANT_NAMES, type RequestBodyVariant }

/** The fields every variant shares, checked before the type's own schema (so the errors come in a useful order). */
export const ZRequestBodyBase = z.looseObject(baseShape)

/** Adds `days` to a `YYYY-MM-DD` date. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The earliest `requestedAt` accepted when today is `today` (both YYYY-MM-DD, UTC). */
export function earliestRequestedAt(today: string): string {
  return addDaysToIsoDate(today, REQUESTED_AT_MIN_DAYS)
}

/**
 * The rule that depends on the day: `requestedAt` at least today + 7 days. Applied on top of any body
 * schema, by the sandbox with its clock and by the forms with the browser's date.
 */
export function withRequestedAtRule<T extends z.ZodMiniType>(schema: T, today: string): T {
  const earliest = earliestRequestedAt(today)
  return schema.check((ctx) => {
    const requestedAt = (ctx.value as { requestedAt?: unknown } | null)?.requestedAt
    // Only a real date is compared: `11/05/2026` already has its format issue, not also a "too soon" one.
    if (typeof requestedAt === 'string' && ZIsoDate.safeParse(requestedAt).success && requestedAt < earliest) {
      ctx.issues.push({
        code: 'custom',
        input: requestedAt,
        path: ['requestedAt'],
        message: 'requestedAt.tooSoon',
        params: { earliest },
      })
    }
  })
}
