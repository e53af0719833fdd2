import type { SandboxApiStatus as ApiStatus, SandboxApiVersion as ApiVersion, SandboxMe as Me } from '@contract/misc'
import type { SandboxCatalogItem } from '@contract/catalog'
import type { RequestRow } from '../ordering/request-store'
import type { StoredRejection } from '../ordering/messages'
import { alternateStateOf } from './alternate-states'

/**
 * The alternate dialect's answers (docs/decisions/0029-second-dialect.md): the default dialect's answer, rewritten
 * where reference 1 leaves the shape open ("not shown", "values seen", no format given), and with fields no
 * reference names on every object, as an operator's later release may add them.
 */

/** The operator's own time zone: timestamps carry its offset (a UTC instant written with +01:00). */
const OFFSET_MINUTES = 60

/** `2026-11-27T09:15:00.000+01:00`: the same instant as the UTC timestamp, written with the operator's offset. */
function withOffset(utc: string | number): string {
  const ms = typeof utc === 'number' ? utc : Date.parse(utc)
  const sign = OFFSET_MINUTES >= 0 ? '+' : '-'
  const hours = String(Math.floor(Math.abs(OFFSET_MINUTES) / 60)).padStart(2, '0')
  const minutes = String(Math.abs(OFFSET_MINUTES) % 60).padStart(2, '0')
  return new Date(ms + OFFSET_MINUTES * 60_000).toISOString().replace('Z', `${sign}${hours}:${minutes}`)
}

/** The default dialect's service point id of an alternate one, so that a termination names what the store knows. */
function storedServicePoint(id: string): string {
  const digits = /^SPT-([0-9]{4})-([0-9]{4})$/.exec(id)
  return digits ? `SP${digits[1]}${digits[2]}` : id
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A POST /requests body as the store takes it: the alternate's service point id turned into the stored one. */
export function canonicalRequestBody(raw: unknown): unknown {
  if (!isObject(raw) || !isObject(raw.properties) || !isObject(raw.properties.servicePoint)) return raw
  const { id } = raw.properties.servicePoint
  if (typeof id !== 'string') return raw
  return { ...raw, properties: { ...raw.properties, servicePoint: { ...raw.properties.servicePoint, id: storedServicePoint(id) } } }
}

interface StoredAttachment {
  id: string
  name: string
  size: number
  mimeType?: string
}

/**
 * A request as the default dialect renders it, told the alternate's way: its statuses, steps and sub-steps; no
 * `contract` ("not shown" by reference 1's Request); attachments as `{ attachmentId, fileName, contentType,
 * sizeBytes }`; timestamps with an offset; a cancelled request CANCELLED, with no
 * rejection reason and the cancelling request named; and fields no reference names.
 */
export function alternateRequest(rendered: Record<string, unknown>, row: RequestRow): Record<string, unknown> {
  const out: Record<string, unknown> = { ...rendered }
  const state = alternateStateOf(row)
  if ('status' in out) out.status = state.status
  if ('step' in out) out.step = state.step
  if ('subStep' in out) out.subStep = state.subStep
  delete out.contract
  if (Array.isArray(out.attachments)) {
    out.attachments = (out.attachments as StoredAttachment[]).map((a) => ({
      attachmentId: a.id,
      fileName: a.name,
      ...(a.mimeType ? { contentType: a.mimeType } : {}),
      sizeBytes: a.size,
    }))
  }
  if (isObject(out.properties)) {
    const properties: Record<string, unknown> = { ...out.properties, provisioningRegion: 'FR-NORTH' }
    out.properties = properties
  }
  if (isObject(out.customer)) out.customer = { ...out.customer, segment: 'ENTERPRISE' }
  if (isObject(out.keyDates)) out.keyDates = { ...out.keyDates, receivedAt: new Date(row.created_at).toISOString().slice(0, 10) }
  if (typeof out.createdAt === 'string') out.createdAt = withOffset(out.createdAt)
  if (typeof out.updatedAt === 'string') out.updatedAt = withOffset(out.updatedAt)
  if (state.status === 'CANCELLED') {
    if ('rejectionReasons' in out) out.rejectionReasons = []
    const cancelledBy = row.rejection ? (JSON.parse(row.rejection) as StoredRejection[])[0]?.params?.request : undefined
    if (cancelledBy !== undefined) out.cancelledBy = cancelledBy
  }
  out.channel = 'B2B_API'
  return out
}

/** Catalog items this operator publishes without a JSON Schema: their name, type, kind and description only. */
const SCHEMALESS_TYPES: ReadonlySet<string> = new Set(['ON_SITE_SURVEY'])

/** A catalog item told the alternate's way: with a field no reference names; a schema-less one with no schema. */
export function alternateCatalogItem(item: SandboxCatalogItem): Record<string, unknown> {
  if (SCHEMALESS_TYPES.has(item.type)) {
    return { id: item.id, type: item.type, name: item.name, description: item.description, category: item.category, leadTimeDays: 7 }
  }
  return { ...item, createdAt: withOffset(item.createdAt), leadTimeDays: 7 }
}

/**
 * GET /me (its fields "not shown" by reference 1): the person or application under `user`, the customer under
 * `company`, the application under `application`, and contracts as bare numbers.
 */
export function alternateMe(me: Me): Record<string, unknown> {
  return {
    user: { id: me.id, kind: me.kind, displayName: me.name, ...(me.email ? { email: me.email } : {}), locale: 'fr-FR' },
    company: { id: me.customer.id, name: me.customer.name, segment: 'ENTERPRISE' },
    application: { clientId: me.clientId },
    scopes: me.scopes,
    contracts: me.contracts.map((contract) => contract.number),
  }
}

/** GET /status: `{ state: "UP" | "DOWN", … }`. */
export function alternateStatus(status: ApiStatus): Record<string, unknown> {
  const state = (value: string) => (value === 'OK' ? 'UP' : value === 'DEGRADED' ? 'DEGRADED' : 'DOWN')
  return {
    state: state(status.status),
    checkedAt: withOffset(status.checkedAt),
    dependencies: Object.fromEntries(status.components.map((component) => [component.name, state(component.status)])),
  }
}

/** GET /version: `{ apiVersion: "3.1.2", … }`. */
export function alternateVersion(version: ApiVersion): Record<string, unknown> {
  return { apiVersion: '3.1.2', build: '2026.02.17-2', releasedOn: version.releasedAt, product: version.name }
}
