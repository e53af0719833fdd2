import { z } from 'zod/mini'
import { ZIsoDate, ZIsoTimestamp, ZReadTimestamp } from './common'
import { withMeta } from './schema-helpers'

/**
 * The values our sandbox uses (docs/decisions/0003-request-lifecycle.md fixes them and the moves between them). An
 * operator may send others (the reference lists these as "seen"): the reader takes any string, and these lists are
 * the *known* values, the ones the console has a translation for (docs/decisions/0028-tolerant-reader.md).
 */
export const REQUEST_STATUSES = ['NEW', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'] as const
export const REQUEST_STEPS = ['ORDER', 'DELIVERY', 'CLOSURE'] as const
export const REQUEST_SUB_STEPS = ['INITIATION', 'VALIDATION', 'PLANNING', 'INSTALLATION', 'ACTIVATION', 'DONE'] as const
export const REQUEST_CATEGORIES = ['creation', 'modification', 'termination', 'cancellation'] as const

export const ZRequestStatus = z.enum(REQUEST_STATUSES)
export const ZRequestStep = z.enum(REQUEST_STEPS)
export const ZRequestSubStep = z.enum(REQUEST_SUB_STEPS)
export const ZRequestCategory = z.enum(REQUEST_CATEGORIES)
export type RequestStatus = z.infer<typeof ZRequestStatus>
export type RequestStep = z.infer<typeof ZRequestStep>
export type RequestSubStep = z.infer<typeof ZRequestSubStep>
export type RequestCategory = z.infer<typeof ZRequestCategory>

/** BVPN request types follow this pattern (reference 1); C, M and R stand for create, modify and remove. */
export const BVPN_TYPE_PATTERN = /^[CMR]_BVPN_.*$/

export const CUSTOMER_REFERENCE_MAX = 18
export const CONTRACT_MAX = 10
/** requestedAt must be at least this many days after today (reference 1). */
export const REQUESTED_AT_MIN_DAYS = 7

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))

export const ZAddress = withMeta(
  z.looseObject({
    street: withMeta(text(120), { title: 'Street' }),
    extendedStreet: z.optional(withMeta(text(120), { title: 'Street, continued' })),
    postalCode: withMeta(z.string().check(z.regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'format.postalCode' })), { title: 'Postal code' }),
    city: withMeta(text(80), { title: 'City' }),
    country: withMeta(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'format.country' })), {
      title: 'Country',
      description: 'Two-letter country code (ISO 3166-1), for example FR.',
    }),
  }),
  { title: 'Address' },
)

export const ZLocation = withMeta(
  z.looseObject({
    name: z.optional(withMeta(text(120), { title: 'Site name' })),
    localCompany: z.optional(withMeta(text(120), { title: 'Company on site' })),
    localCompanyLegalNumber: z.optional(withMeta(text(40), { title: 'Legal number of the company on site' })),
    building: z.optional(withMeta(text(40), { title: 'Building' })),
    residence: z.optional(withMeta(text(80), { title: 'Residence' })),
    floor: z.optional(withMeta(text(20), { title: 'Floor' })),
    room: z.optional(withMeta(text(40), { title: 'Room' })),
    stair: z.optional(withMeta(text(20), { title: 'Stair' })),
    id: z.optional(withMeta(text(40), { title: 'Site identifier' })),
    address: ZAddress,
  }),
  { title: 'Location' },
)

const phonePattern = /^\+?[0-9 ().-]{6,20}$/
const optionalPhone = (title: string) => z.optional(withMeta(z.string().check(z.regex(phonePattern, { error: 'format.phone' })), { title }))
export const ZContact = withMeta(
  z.looseObject({
    title: z.optional(withMeta(text(20), { title: 'Title' })),
    firstName: withMeta(text(60), { title: 'First name' }),
    lastName: withMeta(text(60), { title: 'Last name' }),
    mobile: optionalPhone('Mobile'),
    phone: optionalPhone('Phone'),
    email: z.optional(withMeta(z.email({ error: 'format.email' }), { title: 'E-mail' })),
  }),
  { title: 'Primary contact' },
)

export const ZContacts = withMeta(z.looseObject({ primary: ZContact }), { title: 'Contacts' })

export const ZServicePoint = withMeta(
  z.looseObject({
    id: withMeta(z.string().check(z.regex(/^SP[0-9]{8}$/, { error: 'format.servicePoint' })), {
      title: 'Service point',
      description: 'Identifier of the delivered service, shown on the completed creation request.',
    }),
  }),
  { title: 'Service point' },
)

export const ZNetwork = withMeta(z.looseObject({ id: withMeta(text(40), { title: 'Network identifier' }) }), { title: 'Network' })

export const ZBillingAccount = withMeta(z.looseObject({ code: withMeta(text(20), { title: 'Billing account code' }) }), {
  title: 'Billing account',
})

/** Properties as they appear on a request resource: every known part optional, others kept. */
export const ZRequestProperties = z.looseObject({
  network: z.optional(ZNetwork),
  profile: z.optional(z.string()),
  options: z.optional(z.record(z.string(), z.unknown())),
  billingAccount: z.optional(ZBillingAccount),
  location: z.optional(ZLocation),
  contacts: z.optional(ZContacts),
  servicePoint: z.optional(ZServicePoint),
})
export type RequestProperties = z.infer<typeof ZRequestProperties>

export const ZRejectionReason = z.object({
  code: z.int(),
  reason: z.string(),
  message: z.string(),
})
export type RejectionReason = z.infer<typeof ZRejectionReason>

/** Attachments are listed without their content (docs/decisions/0005-request-bodies.md). */
export const ZAttachmentInfo = z.object({
  id: z.string(),
  name: z.string(),
  size: withMeta(z.int().check(z.nonnegative()), { description: 'Size of the decoded content in bytes.' }),
  mimeType: z.optional(z.string()),
})

/**
 * The request resource as our sandbox writes it (reference 1, with `contract` and `relatedRequestId` as documented
 * extensions): exact, for the sandbox's own answers and its tests. Operator answers are read with `ZRequest`.
 */
export const ZSandboxRequest = z.object({
  id: z.string(),
  name: z.string(),
  customerReference: z.nullish(z.string()),
  category: ZRequestCategory,
  status: ZRequestStatus,
  step: ZRequestStep,
  subStep: ZRequestSubStep,
  isOverdue: z.boolean(),
  isArchived: z.boolean(),
  priority: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  keyDates: z.object({ requestedAt: ZIsoDate }),
  type: z.string(),
  contract: z.string(),
  relatedRequestId: z.nullish(z.string()),
  properties: ZRequestProperties,
  attachments: z.array(ZAttachmentInfo),
  comment: z.nullish(z.string()),
  createdAt: ZIsoTimestamp,
  updatedAt: ZIsoTimestamp,
  rejectionReasons: z.array(ZRejectionReason),
  _links: z.optional(z.object({ self: z.object({ href: z.string() }) })),
})
export type SandboxRequest = z.infer<typeof ZSandboxRequest>

/** A text whose format the reference does not define: kept when it is a string or a number, dropped otherwise. */
const looseText = z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))), undefined)

/** Properties as an operator may write them: every part optional, every format open, unknown parts kept. */
const ZReadProperties = z.looseObject({
  network: z.optional(z.looseObject({ id: looseText })),
  profile: looseText,
  options: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
  billingAccount: z.optional(z.looseObject({ code: looseText })),
  location: z.optional(
    z.looseObject({
      name: looseText,
      localCompany: looseText,
      localCompanyLegalNumber: looseText,
      building: looseText,
      residence: looseText,
      floor: looseText,
      room: looseText,
      stair: looseText,
      id: looseText,
      address: z.optional(z.looseObject({ street: looseText, extendedStreet: looseText, postalCode: looseText, city: looseText, country: looseText })),
    }),
  ),
  contacts: z.optional(
    z.looseObject({
      primary: z.optional(
        z.looseObject({ title: looseText, firstName: looseText, lastName: looseText, mobile: looseText, phone: looseText, email: looseText }),
      ),
    }),
  ),
  servicePoint: z.optional(z.looseObject({ id: looseText })),
})

/** An attachment as listed on a request: the reference says "array of objects" and nothing more. */
const ZReadAttachment = z.looseObject({ id: looseText, name: looseText, size: z.catch(z.optional(z.number()), undefined), mimeType: looseText })

const readerShape = {
  id: z.string(),
  name: z.string(),
  customerReference: z.nullish(z.string()),
  /** Open strings: the reference lists values "seen" (REQUEST_STATUSES and the others are the known ones). */
  category: z.string(),
  status: z.string(),
  step: z.string(),
  subStep: z.string(),
  isOverdue: z.boolean(),
  isArchived: z.boolean(),
  priority: z.nullish(z.string()),
  customer: z.looseObject({ id: z.string(), name: z.string() }),
  keyDates: z.looseObject({ requestedAt: ZIsoDate }),
  type: z.string(),
  contract: z.nullish(z.string()),
  relatedRequestId: z.nullish(z.string()),
  properties: ZReadProperties,
  attachments: z.array(ZReadAttachment),
  comment: z.nullish(z.string()),
  createdAt: ZReadTimestamp,
  updatedAt: ZReadTimestamp,
  rejectionReasons: z.array(z.looseObject({ code: z.int(), reason: z.string(), message: z.string() })),
  _links: z.optional(z.looseObject({ self: z.optional(z.looseObject({ href: z.string() })) })),
}

/**
 * The request resource as the console reads an operator's answer (reference 1, docs/decisions/0028-tolerant-reader.md):
 * what the reference promises and nothing more. Unknown fields are kept; status, step, subStep, category and type are
 * open strings; `contract` and `priority` may be missing; `properties`, `attachments` and `rejectionReasons`, when
 * missing (a POST answer need not carry them), read as empty.
 */
export const ZRequest = z.looseObject({
  ...readerShape,
  properties: z._default(ZReadProperties, {}),
  attachments: z._default(readerShape.attachments, []),
  rejectionReasons: z._default(readerShape.rejectionReasons, []),
})
export type Request = z.infer<typeof ZRequest>

/** Top-level fields a client may name in `fields=` and what it may sort by (docs/decisions/0002-list-queries.md). */
export const REQUEST_FIELDS = [
  'id',
  'name',
  'customerReference',
  'category',
  'status',
  'step',
  'subStep',
  'isOverdue',
  'isArchived',
  'priority',
  'customer',
  'keyDates',
  'type',
  'contract',
  'relatedRequestId',
  'properties',
  'attachments',
  'comment',
  'createdAt',
  'updatedAt',
  'rejectionReasons',
] as const satisfies readonly (keyof SandboxRequest)[]
export type RequestField = (typeof REQUEST_FIELDS)[number]

/** A request as listed with `fields=`, read from an operator: only `id` is sure to be there. */
export const ZRequestProjection = z.required(z.partial(z.looseObject(readerShape)), { id: true })
export type RequestProjection = z.infer<typeof ZRequestProjection>
