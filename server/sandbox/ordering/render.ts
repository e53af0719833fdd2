import type { MessageLanguage } from '@contract/issue-messages'
import type { SandboxRequest as Request, RequestField, RejectionReason } from '@contract/request'
import { parseFolded } from '../json-shape'
import { fill } from '../../shared/api-error'
import { REJECTION_REASONS, type StoredRejection } from './messages'
import { servicePointOf, type RequestRow } from './request-store'

export interface RenderOptions {
  language: MessageLanguage
  customerName: string
  displayNulls: boolean
  fields?: readonly RequestField[]
  links?: string
}

function rejectionReasons(row: RequestRow, language: MessageLanguage): RejectionReason[] {
  if (row.status !== 'REJECTED' || !row.rejection) return []
  return (JSON.parse(row.rejection) as StoredRejection[]).map(({ code, params }) => {
    const known = REJECTION_REASONS[code]
    return known ? { code, reason: known.reason, message: fill(known.message[language], params) } : { code, reason: 'UNKNOWN', message: '' }
  })
}

/** A stored row as the API shows it: `fields` projects, `displayNulls` keeps empty optional fields as null. */
export function renderRequest(row: RequestRow, options: RenderOptions): Partial<Request> & { id: string } {
  // Folded past the depth limit, so that a row stored deeper still renders (0020).
  const properties = parseFolded(row.properties) as Record<string, unknown>
  // A delivered creation names its service point, which terminations refer to.
  if (row.category === 'creation' && row.status === 'COMPLETED') properties.servicePoint = { id: servicePointOf(row.id) }
  const full: Request = {
    id: row.id,
    name: row.name,
    customerReference: row.customer_reference,
    category: row.category,
    status: row.status,
    step: row.step,
    subStep: row.sub_step,
    isOverdue: row.is_overdue === 1,
    isArchived: row.is_archived === 1,
    priority: '',
    customer: { id: row.customer_id, name: options.customerName },
    keyDates: { requestedAt: row.requested_at },
    type: row.type,
    contract: row.contract,
    relatedRequestId: row.related_request_id,
    properties,
    attachments: JSON.parse(row.attachments) as Request['attachments'],
    comment: row.comment,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    rejectionReasons: rejectionReasons(row, options.language),
  }
  const picked: Record<string, unknown> = {}
  const keys = options.fields ? ['id', ...options.fields] : Object.keys(full)
  for (const key of keys) {
    const value = full[key as keyof Request]
    if (value === null || value === undefined) {
      if (options.displayNulls) picked[key] = null
    } else {
      picked[key] = value
    }
  }
  if (options.links) picked._links = { self: { href: `${options.links}/requests/${row.id}` } }
  return picked as Partial<Request> & { id: string }
}

/**
 * Requests as JSON text, by rendering options and seq, kept until the next write to the requests (the store's
 * `version`): reading a page again, or rows another page showed, costs a lookup per row instead of reading,
 * rendering and serializing each row. Bounded, so that unusual options cannot grow it without limit.
 */
export class RenderedRequests {
  /** By rendering options (as JSON), then by seq. */
  private readonly byOptions = new Map<string, Map<number, string>>()
  private size = 0
  private version = -1

  constructor(
    /** How a row is told: renderRequest, or a dialect's rewriting of it (docs/decisions/0029-second-dialect.md). */
    private readonly render: (row: RequestRow, options: RenderOptions) => object = renderRequest,
    private readonly max = 10_000,
  ) {}

  /**
   * The JSON text of each of `seqs`, in their order, rendered with `options` as of the store's `version`; `load`
   * reads the rows not kept (in any order).
   */
  page(version: number, seqs: readonly number[], options: RenderOptions, load: (seqs: number[]) => RequestRow[]): string[] {
    if (version !== this.version || this.size + seqs.length > this.max) {
      this.byOptions.clear()
      this.size = 0
      this.version = version
    }
    // Every option, so that one added later cannot be forgotten here.
    const key = JSON.stringify(options)
    let texts = this.byOptions.get(key)
    if (!texts) this.byOptions.set(key, (texts = new Map()))
    const found = seqs.map((seq) => texts.get(seq))
    const missing = seqs.filter((_, i) => found[i] === undefined)
    for (const row of missing.length > 0 ? load(missing) : []) {
      const text = JSON.stringify(this.render(row, options))
      texts.set(row.seq, text)
      this.size += 1
      found[seqs.indexOf(row.seq)] = text
    }
    return found.filter((text) => text !== undefined)
  }
}
