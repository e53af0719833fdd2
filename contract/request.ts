import { z } from 'zod'
import { ZIsoDate, ZIsoTimestamp } from './common'

/** docs/decisions/0003-request-lifecycle.md fixes these values and the moves between them. */
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

const text = (max: number) => z.string().trim().min(1).max(max)

export const ZAddress = z
  .looseObject({
    street: text(120).meta({ title: 'Street' }),
    extendedStreet: text(120).meta({ title: 'Street, continued' }).optional(),
    postalCode: z
      .string()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'format.postalCode' })
      .meta({ title: 'Postal code' }),
    city: text(80).meta({ title: 'City' }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'format.country' })
      .meta({ title: 'Country', description: 'Two-letter country code (ISO 3166-1), for example FR.' }),
  })
  .meta({ title: 'Address' })

export const ZLocation = z
  .looseObject({
    name: text(120).meta({ title: 'Site name' }).optional(),
    localCompany: text(120).meta({ title: 'Company on site' }).optional(),
    localCompanyLegalNumber: text(40).meta({ title: 'Legal number of the company on site' }).optional(),
    building: text(40).meta({ title: 'Building' }).optional(),
    residence: text(80).meta({ title: 'Residence' }).optional(),
    floor: text(20).meta({ title: 'Floor' }).optional(),
    room: text(40).meta({ title: 'Room' }).optional(),
    stair: text(20).meta({ title: 'Stair' }).optional(),
    id: text(40).meta({ title: 'Site identifier' }).optional(),
    address: ZAddress,
  })
  .meta({ title: 'Location' })

const phonePattern = /^\+?[0-9 ().-]{6,20}$/
export const ZContact = z
  .looseObject({
    title: text(20).meta({ title: 'Title' }).optional(),
    firstName: text(60).meta({ title: 'First name' }),
    lastName: text(60).meta({ title: 'Last name' }),
    mobile: z.string().regex(phonePattern, { error: 'format.phone' }).meta({ title: 'Mobile' }).optional(),
    phone: z.string().regex(phonePattern, { error: 'format.phone' }).meta({ title: 'Phone' }).optional(),
    email: z.email({ error: 'format.email' }).meta({ title: 'E-mail' }).optional(),
  })
  .meta({ title: 'Primary contact' })

export const ZContacts = z.looseObject({ primary: ZContact }).meta({ title: 'Contacts' })

export const ZServicePoint = z
  .looseObject({
    id: z
      .string()
      .regex(/^SP[0-9]{8}$/, { error: 'format.servicePoint' })
      .meta({ title: 'Service point', description: 'Identifier of the delivered service, shown on the completed creation request.' }),
  })
  .meta({ title: 'Service point' })

export const ZNetwork = z
  .looseObject({ id: text(40).meta({ title: 'Network identifier' }) })
  .meta({ title: 'Network' })

export const ZBillingAccount = z
  .looseObject({ code: text(20).meta({ title: 'Billing account code' }) })
  .meta({ title: 'Billing account' })

/** Properties as they appear on a request resource: every known part optional, others kept. */
export const ZRequestProperties = z.looseObject({
  network: ZNetwork.optional(),
  profile: z.string().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  billingAccount: ZBillingAccount.optional(),
  location: ZLocation.optional(),
  contacts: ZContacts.optional(),
  servicePoint: ZServicePoint.optional(),
})
export type RequestProperties = z.infer<typeof ZRequestProperties>

export const ZRejectionReason = z.object({
  code: z.number().int(),
  reason: z.string(),
  message: z.string(),
})
export type RejectionReason = z.infer<typeof ZRejectionReason>

/** Attachments are listed without their content (docs/decisions/0005-request-bodies.md). */
export const ZAttachmentInfo = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative().meta({ description: 'Size of the decoded content in bytes.' }),
  mimeType: z.string().optional(),
})

/** The request resource (reference 1), with `contract` and `relatedRequestId` as documented extensions. */
export const ZRequest = z.object({
  id: z.string(),
  name: z.string(),
  customerReference: z.string().nullish(),
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
  relatedRequestId: z.string().nullish(),
  properties: ZRequestProperties,
  attachments: z.array(ZAttachmentInfo),
  comment: z.string().nullish(),
  createdAt: ZIsoTimestamp,
  updatedAt: ZIsoTimestamp,
  rejectionReasons: z.array(ZRejectionReason),
  _links: z.object({ self: z.object({ href: z.string() }) }).optional(),
})
export type Request = z.infer<typeof ZRequest>

/** Top-level fields a client may name in `fields=` and what it may sort by (docs/decisions/0002-list-queries.md). */
export const REQUEST_FIELDS = [
  'id', 'name', 'customerReference', 'category', 'status', 'step', 'subStep', 'isOverdue', 'isArchived',
  'priority', 'customer', 'keyDates', 'type', 'contract', 'relatedRequestId', 'properties', 'attachments',
  'comment', 'createdAt', 'updatedAt', 'rejectionReasons',
] as const satisfies readonly (keyof Request)[]
export type RequestField = (typeof REQUEST_FIELDS)[number]

/** A request as listed with `fields=`: only `id` is sure to be there. */
export const ZRequestProjection = ZRequest.partial().required({ id: true })
export type RequestProjection = z.infer<typeof ZRequestProjection>
