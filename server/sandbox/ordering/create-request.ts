import type { z } from 'zod'
import { ERROR_CODE } from '@contract/error'
import { describeIssues, type MessageLanguage } from '@contract/issue-messages'
import type { RequestProperties } from '@contract/request'
import { ATTACHMENT_MAX_BYTES, REQUEST_BODY_VARIANTS, withRequestedAtRule, ZRequestBodyBase } from '@contract/request-bodies'
import type { CatalogStore } from '../catalog/catalog-store'
import type { SandboxClock } from '../clock'
import type { Db } from '../db'
import { ApiError } from '../../shared/api-error'
import { validationError, type Principal } from '../http'
import { ORDERING_ERRORS } from './messages'
import type { Outcome } from './lifecycle'
import type { StoredRejection } from './messages'
import { requestIdOfServicePoint, type RequestRow, type RequestStore } from './request-store'

export interface CreateDeps {
  db: Db
  clock: SandboxClock
  catalog: CatalogStore
  store: RequestStore
}

/** The rules that reject a request during validation, so that rejections can be produced on purpose (decision 0003). */
export function rejectionRules(properties: RequestProperties): StoredRejection[] {
  const reasons: StoredRejection[] = []
  if (properties.location?.address.postalCode.startsWith('00')) reasons.push({ code: 301 })
  const primary = properties.contacts?.primary
  if (primary && !primary.phone && !primary.mobile && !primary.email) reasons.push({ code: 302 })
  if (properties.billingAccount?.code.startsWith('X')) reasons.push({ code: 303 })
  if (properties.network?.id.startsWith('X')) reasons.push({ code: 305 })
  return reasons
}

/** Days late a request is delivered: sites whose postal code starts with 99 are hard to reach (decision 0003). */
export function deliveryDelayDays(properties: RequestProperties): number {
  return properties.location?.address.postalCode.startsWith('99') ? 10 : 0
}

const OPEN = new Set(['NEW', 'IN_PROGRESS'])

interface ParsedBody {
  type: string
  requestedAt: string
  customerReference?: string
  contract: string
  name?: string
  comment?: string
  attachments: { name: string; body: string; mimeType?: string }[]
  requestId?: string
  properties?: RequestProperties
}

type CatalogEntry = NonNullable<ReturnType<CatalogStore['byType']>>
type Attachment = { name: string; mimeType: string | null; body: Buffer }

/**
 * POST /requests: validates the body against its catalog item (400), then the business rules (422),
 * then stores it, all in one transaction so that a refused body stores nothing.
 */
export function createRequest(deps: CreateDeps, principal: Principal, raw: unknown, language: MessageLanguage): RequestRow {
  const { body, entry, attachments } = parseCreation(deps, raw, language)
  const { customerId } = principal
  const category = REQUEST_BODY_VARIANTS[entry.row.variant].category
  return deps.db.transaction(() => {
    const contract = deps.db.prepare('SELECT 1 FROM contracts WHERE number = ? AND customer_id = ?').get(body.contract, customerId)
    if (!contract) throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.unknownContract, 'unknownContract', { contract: body.contract })
    const target =
      category === 'modification' || category === 'cancellation'
        ? targetOfChange(deps, customerId, body, entry, category)
        : category === 'termination'
          ? servicePointToTerminate(deps, customerId, body, entry)
          : undefined
    const properties = body.properties ?? {}
    const rejection = category === 'cancellation' ? [] : rejectionRules(properties)
    const outcome: Outcome = rejection.length ? 'reject_validation' : 'complete'
    const now = deps.clock.now()
    const siteName = properties.location?.name
    const row = deps.store.insert(
      {
        customerId,
        name: body.name ?? (siteName ? `${entry.row.name_en} – ${siteName}` : entry.row.name_en),
        customerReference: body.customerReference ?? null,
        category,
        type: entry.row.type,
        requestedAt: body.requestedAt,
        contract: body.contract,
        comment: body.comment ?? null,
        properties,
        relatedRequestId: target?.id ?? null,
        createdAt: now,
        outcome,
        delayDays: deliveryDelayDays(properties),
        rejection: rejection.length ? rejection : null,
        attachments,
      },
      now,
    )
    if (category === 'cancellation') deps.store.cancel(target!, row.id, now, now)
    return row
  })()
}

/** The body read against its catalog item's schema (400), its type known (422), its attachments within bounds. */
function parseCreation(deps: CreateDeps, raw: unknown, language: MessageLanguage): { body: ParsedBody; entry: CatalogEntry; attachments: Attachment[] } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.malformedBody, 'notAnObject')
  }
  const type = (raw as { type?: unknown }).type
  const entry = typeof type === 'string' ? deps.catalog.byType(type.trim()) : undefined
  const schema = withRequestedAtRule(entry ? entry.bodySchema : ZRequestBodyBase, deps.clock.today())
  const parsed = schema.safeParse(raw, { reportInput: true })
  if (!parsed.success) throw validationError(parsed.error, language, ERROR_CODE.invalidField, 'field')
  const body = parsed.data as ParsedBody
  if (!entry) throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.unknownRequestType, 'unknownType', { type: body.type })

  const attachments = body.attachments.map((a) => ({ name: a.name, mimeType: a.mimeType ?? null, body: Buffer.from(a.body, 'base64') }))
  const tooLarge = attachments.findIndex((a) => a.body.length > ATTACHMENT_MAX_BYTES)
  if (tooLarge >= 0) {
    const issue = { code: 'custom' as const, path: ['attachments', tooLarge, 'body'], message: 'attachment.tooLarge', input: undefined }
    const fields = describeIssues([issue as z.core.$ZodIssue], language)
    throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.invalidField, 'attachmentTooLarge', { path: fields[0]!.path }, { fields })
  }
  return { body, entry, attachments }
}

/** The request a modification or a cancellation acts on: the customer's, still open (or a delivered service), of a type the item acts on. */
function targetOfChange(deps: CreateDeps, customerId: string, body: ParsedBody, entry: CatalogEntry, category: 'modification' | 'cancellation'): RequestRow {
  const id = body.requestId!
  const target = deps.store.get(customerId, id)
  if (!target) throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.targetRequestNotFound, 'targetNotFound', { id })
  // A cancellation stops an order in progress. A modification changes an order in progress or an existing
  // service (reference 1), i.e. a COMPLETED creation whose service point is not terminated (decision 0004).
  const delivered = category === 'modification' && target.category === 'creation' && target.status === 'COMPLETED'
  if (!OPEN.has(target.status) && !delivered) {
    const key = category === 'modification' ? 'modifyClosed' : 'targetClosed'
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.targetRequestClosed, key, { id, status: target.status })
  }
  const termination = delivered ? deps.store.terminationOf(target.id) : undefined
  if (termination) {
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.targetRequestClosed, 'serviceTerminated', { id, request: termination })
  }
  if (!entry.actsOn.includes(target.type) && entry.actsOn.length > 0) {
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.targetRequestIncompatible, 'targetIncompatible', {
      id,
      type: target.type,
      requested: entry.row.type,
      item: entry.row.id,
    })
  }
  return target
}

/** The creation a termination ends: the customer's completed creation of that service point, not terminated yet. */
function servicePointToTerminate(deps: CreateDeps, customerId: string, body: ParsedBody, entry: CatalogEntry): RequestRow {
  const servicePoint = body.properties!.servicePoint!.id
  const createdId = requestIdOfServicePoint(servicePoint)
  const created = createdId === null ? undefined : deps.store.get(customerId, createdId)
  if (!created || created.customer_id !== customerId || created.category !== 'creation' || created.status !== 'COMPLETED') {
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.unknownServicePoint, 'unknownServicePoint', { id: servicePoint })
  }
  if (entry.actsOn.length > 0 && !entry.actsOn.includes(created.type)) {
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.targetRequestIncompatible, 'targetIncompatible', {
      id: created.id,
      type: created.type,
      requested: entry.row.type,
      item: entry.row.id,
    })
  }
  const termination = deps.store.terminationOf(created.id)
  if (termination) {
    throw new ApiError(ORDERING_ERRORS, 422, ERROR_CODE.servicePointTerminated, 'servicePointTerminated', { id: servicePoint, request: termination })
  }
  return created
}
