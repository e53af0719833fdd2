import type {
  AggregateGroup,
  SandboxAggregateRequestsQuery as AggregateRequestsQuery,
  SandboxListRequestsQuery as ListRequestsQuery,
} from '@contract/request-query'
import { REQUEST_PAGE } from '@contract/request-query'
import {
  REQUEST_CATEGORIES,
  REQUEST_STATUSES,
  REQUEST_STEPS,
  REQUEST_SUB_STEPS,
  type RequestCategory,
  type RequestStatus,
  type RequestStep,
  type RequestSubStep,
} from '@contract/request'
import type { Statement } from 'better-sqlite3'
import { createHash, randomInt } from 'node:crypto'
import type { Db } from '../db'
import { DAY, dayStart, stateAt, type LifecyclePlan, type Outcome } from './lifecycle'
import type { StoredRejection } from './messages'

/** A row of the requests table, as SQLite returns it. */
export interface RequestRow {
  seq: number
  id: string
  customer_id: string
  name: string
  customer_reference: string | null
  category: RequestCategory
  type: string
  status: RequestStatus
  step: RequestStep
  sub_step: RequestSubStep
  is_overdue: 0 | 1
  is_archived: 0 | 1
  requested_at: string
  contract: string
  comment: string | null
  properties: string
  attachments: string
  related_request_id: string | null
  created_at: number
  updated_at: number
  outcome: Outcome
  delay_days: number
  rejection: string | null
  closed_at: number | null
  next_at: number | null
}

/**
 * The columns of a request row, in the order `rowOf` reads them. Rows are read as arrays (`raw` statements) and
 * turned into objects here: the objects better-sqlite3 builds are dictionaries, slow to build and to read with 25
 * keys, where a literal has one fixed shape. A page of 20 rows costs about half the CPU this way.
 */
const ROW_KEYS = [
  'seq',
  'id',
  'customer_id',
  'name',
  'customer_reference',
  'category',
  'type',
  'status',
  'step',
  'sub_step',
  'is_overdue',
  'is_archived',
  'requested_at',
  'contract',
  'comment',
  'properties',
  'attachments',
  'related_request_id',
  'created_at',
  'updated_at',
  'outcome',
  'delay_days',
  'rejection',
  'closed_at',
  'next_at',
] as const satisfies readonly (keyof RequestRow)[]
const SELECT_ROW = `SELECT ${ROW_KEYS.join(', ')} FROM requests`
type RawRow = { -readonly [I in keyof typeof ROW_KEYS]: RequestRow[(typeof ROW_KEYS)[I] & keyof RequestRow] }

function rowOf(v: RawRow): RequestRow {
  return {
    seq: v[0],
    id: v[1],
    customer_id: v[2],
    name: v[3],
    customer_reference: v[4],
    category: v[5],
    type: v[6],
    status: v[7],
    step: v[8],
    sub_step: v[9],
    is_overdue: v[10],
    is_archived: v[11],
    requested_at: v[12],
    contract: v[13],
    comment: v[14],
    properties: v[15],
    attachments: v[16],
    related_request_id: v[17],
    created_at: v[18],
    updated_at: v[19],
    outcome: v[20],
    delay_days: v[21],
    rejection: v[22],
    closed_at: v[23],
    next_at: v[24],
  }
}

export interface NewRequest {
  customerId: string
  name: string
  customerReference: string | null
  category: RequestCategory
  type: string
  requestedAt: string
  contract: string
  comment: string | null
  properties: Record<string, unknown>
  relatedRequestId: string | null
  createdAt: number
  outcome: Outcome
  delayDays: number
  rejection: StoredRejection[] | null
  attachments: { name: string; mimeType: string | null; body: Buffer }[]
}

/**
 * Where a request's id comes from: `attempt` counts ids already taken (docs/decisions/0008-seed-data.md). Ids keep
 * reference 1's shape, REQ and 8 digits, but the digits are random: an id says nothing of how many requests
 * exist, and one customer cannot count another's (docs/decisions/0020-hostile-input-and-faults.md).
 */
export type RequestIdSource = (seq: number, attempt: number) => string

const ID_DIGITS = 100_000_000

/** A new request's id: 8 random digits. */
export const randomRequestId: RequestIdSource = () => `REQ${String(randomInt(ID_DIGITS)).padStart(8, '0')}`

/** A seeded request's id: 8 digits derived from the seed and the row, the same for every sandbox with that seed. */
export function seededRequestId(seed: number): RequestIdSource {
  return (seq, attempt) => {
    const digest = createHash('sha256').update(`ordering-console seed ${seed} request ${seq} attempt ${attempt}`).digest()
    return `REQ${String(digest.readUInt32BE(0) % ID_DIGITS).padStart(8, '0')}`
  }
}

/** The service point a completed creation delivers: SP and the same digits as the request (decision 0008). */
export function servicePointOf(requestId: string): string {
  return `SP${requestId.slice(3)}`
}

/** The creation that delivered `servicePoint`, by id, or null when it is not a service point id. */
export function requestIdOfServicePoint(servicePoint: string): string | null {
  return /^SP[0-9]{8}$/.test(servicePoint) ? `REQ${servicePoint.slice(2)}` : null
}

const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  'keyDates.requestedAt': 'requested_at',
  name: 'name',
  status: 'status',
  step: 'step',
  subStep: 'sub_step',
  type: 'type',
  category: 'category',
  customerReference: 'customer_reference',
  // Ids are random (0020): sorting by id is by the id's text; ties of other sorts still break by creation sequence.
  id: 'id',
  isOverdue: 'is_overdue',
}

const GROUP_COLUMNS: Record<AggregateGroup, string> = {
  status: 'status',
  step: 'step',
  subStep: 'sub_step',
  type: 'type',
  category: 'category',
  isOverdue: 'is_overdue',
  isArchived: 'is_archived',
  'customer.id': 'customer_id',
}

/** Every key a group has even when nothing falls in it, so that charts keep their bars. */
const GROUP_KEYS: Partial<Record<AggregateGroup, readonly string[]>> = {
  status: REQUEST_STATUSES,
  step: REQUEST_STEPS,
  subStep: REQUEST_SUB_STEPS,
  category: REQUEST_CATEGORIES,
  isOverdue: ['false', 'true'],
  isArchived: ['false', 'true'],
}

/**
 * The status, step and sub-step filters of a dialect whose values are open (docs/decisions/0029-second-dialect.md):
 * any string, where the default dialect's query schema accepts only the values it knows.
 */
type OpenStates = { status?: readonly string[]; step?: readonly string[]; subStep?: readonly string[] }
type Filters = Omit<AggregateRequestsQuery, 'groupBy' | 'status' | 'step' | 'subStep'> & OpenStates
export type PageQuery = Omit<ListRequestsQuery, 'status' | 'step' | 'subStep'> & OpenStates
export type AggregateQuery = Omit<AggregateRequestsQuery, 'status' | 'step' | 'subStep'> & OpenStates

/**
 * What the SQL reads for status, step and sub-step, and whether an aggregate lists every known key: the columns
 * themselves in the default dialect; another dialect tells the same rows differently (0029).
 */
export interface StateColumns {
  status: string
  step: string
  sub_step: string
  /** true: an aggregate lists every known key of a group, 0 when nothing falls in it; false: only the keys that occur. */
  everyKey: boolean
}
export const STORED_STATE_COLUMNS: StateColumns = { status: 'status', step: 'step', sub_step: 'sub_step', everyKey: true }

/** Start of a `.gte` bound and end of a `.lte` bound: a date covers its whole UTC day. */
function lowerBound(value: string): number {
  return value.length === 10 ? dayStart(value) : Date.parse(value)
}
function upperBound(value: string): number {
  return value.length === 10 ? dayStart(value) + DAY - 1 : Date.parse(value)
}

function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')
}

/** WHERE clause and parameters for the documented filters (docs/decisions/0002-list-queries.md). */
export function whereOf(customerId: string, f: Filters, states: StateColumns = STORED_STATE_COLUMNS): { sql: string; params: unknown[] } {
  const clauses = ['customer_id = ?']
  const params: unknown[] = [customerId]
  const oneOf = (column: string, values: readonly unknown[] | undefined) => {
    if (!values) return
    clauses.push(values.length === 1 ? `${column} = ?` : `${column} IN (${values.map(() => '?').join(',')})`)
    params.push(...values)
  }
  oneOf('id', f.id)
  oneOf(states.status, f.status)
  oneOf(states.step, f.step)
  oneOf(states.sub_step, f.subStep)
  oneOf('type', f.type)
  oneOf('category', f.category)
  if (f.customerReference) {
    const exact = f.customerReference.filter((v) => !v.includes('*'))
    const patterns = f.customerReference.filter((v) => v.includes('*'))
    const alternatives: string[] = []
    if (exact.length) {
      alternatives.push(`customer_reference COLLATE NOCASE IN (${exact.map(() => '?').join(',')})`)
      params.push(...exact)
    }
    for (const pattern of patterns) {
      alternatives.push(`customer_reference LIKE ? ESCAPE '\\'`)
      params.push(likePattern(pattern))
    }
    clauses.push(`(${alternatives.join(' OR ')})`)
  }
  if (f.priority !== undefined) {
    clauses.push(`'' = ?`)
    params.push(f.priority)
  }
  if (f.isOverdue !== undefined) {
    clauses.push('is_overdue = ?')
    params.push(f.isOverdue ? 1 : 0)
  }
  if (f.isArchived !== undefined) {
    clauses.push('is_archived = ?')
    params.push(f.isArchived ? 1 : 0)
  }
  const range = (column: string, gte: number | string | undefined, lte: number | string | undefined) => {
    if (gte !== undefined) {
      clauses.push(`${column} >= ?`)
      params.push(gte)
    }
    if (lte !== undefined) {
      clauses.push(`${column} <= ?`)
      params.push(lte)
    }
  }
  range('requested_at', f['keyDates.requestedAt'], f['keyDates.requestedAt'])
  range('requested_at', f['keyDates.requestedAt.gte'], f['keyDates.requestedAt.lte'])
  for (const [name, column] of [
    ['createdAt', 'created_at'],
    ['updatedAt', 'updated_at'],
  ] as const) {
    const day = f[name]
    if (day) range(column, lowerBound(day), upperBound(day))
    const gte = f[`${name}.gte`]
    const lte = f[`${name}.lte`]
    range(column, gte === undefined ? undefined : lowerBound(gte), lte === undefined ? undefined : upperBound(lte))
  }
  return { sql: clauses.join(' AND '), params }
}

export function orderByOf(sort: ListRequestsQuery['sort'], states: StateColumns = STORED_STATE_COLUMNS): string {
  const terms = sort ?? [{ field: 'createdAt', direction: 'desc' as const }]
  const columnOf = (field: string) => (field === 'status' || field === 'step' ? states[field] : field === 'subStep' ? states.sub_step : SORT_COLUMNS[field])
  const parts = terms.map((t) => `${columnOf(t.field)} ${t.direction === 'desc' ? 'DESC' : 'ASC'}`)
  // seq breaks ties so that paging never repeats or skips a row.
  if (!terms.some((t) => t.field === 'id')) parts.push(`seq ${terms[0]!.direction === 'desc' ? 'DESC' : 'ASC'}`)
  return parts.join(', ')
}

/** Results of counting queries, valid until the next write; bounded so that odd filters cannot grow it. */
class CountCache {
  private readonly entries = new Map<string, unknown>()
  constructor(private readonly max = 2000) {}

  get<T>(key: string, compute: () => T): T {
    if (this.entries.has(key)) return this.entries.get(key) as T
    const value = compute()
    if (this.entries.size >= this.max) this.entries.clear()
    this.entries.set(key, value)
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}

export class RequestStore {
  private readonly statements
  /** Filter SQL is built per query; compiling it once per shape keeps the hot path to a bind and a step. */
  private readonly prepared = new Map<string, Statement>()
  private readonly counts = new CountCache()
  private writes = 0

  constructor(
    private readonly db: Db,
    private readonly states: StateColumns = STORED_STATE_COLUMNS,
  ) {
    this.statements = {
      byId: db.prepare<[string, string], RawRow>(`${SELECT_ROW} WHERE id = ? AND customer_id = ?`).raw(),
      bySeq: db.prepare<[number], RawRow>(`${SELECT_ROW} WHERE seq = ?`).raw(),
      insert: db.prepare(`INSERT INTO requests (id, customer_id, name, customer_reference, category, type, status, step,
          sub_step, is_overdue, is_archived, requested_at, contract, comment, properties, attachments, related_request_id,
          created_at, updated_at, outcome, delay_days, rejection, closed_at, next_at)
        VALUES (@id, @customer_id, @name, @customer_reference, @category, @type, @status, @step, @sub_step, @is_overdue,
          @is_archived, @requested_at, @contract, @comment, @properties, @attachments, @related_request_id, @created_at,
          @updated_at, @outcome, @delay_days, @rejection, @closed_at, @next_at)`),
      nextSeq: db.prepare<[], { seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM requests'),
      idTaken: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM requests WHERE id = ?'),
      insertAttachment: db.prepare('INSERT INTO attachments (id, request_seq, position, name, mime_type, size, body) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      due: db.prepare<[number, number], RawRow>(`${SELECT_ROW} WHERE next_at <= ? ORDER BY next_at LIMIT ?`).raw(),
      minNext: db.prepare<[], { next: number | null }>('SELECT MIN(next_at) AS next FROM requests WHERE next_at IS NOT NULL'),
      applyState: db.prepare(`UPDATE requests SET status = @status, step = @step, sub_step = @sub_step,
          is_overdue = @is_overdue, is_archived = @is_archived, updated_at = @updated_at, closed_at = @closed_at,
          next_at = @next_at, outcome = @outcome, rejection = @rejection WHERE seq = @seq`),
      openTermination: db.prepare<[string], { id: string }>(
        `SELECT id FROM requests WHERE related_request_id = ? AND category = 'termination' AND status != 'REJECTED' LIMIT 1`,
      ),
    }
  }

  get(customerId: string, id: string): RequestRow | undefined {
    const raw = this.statements.byId.get(id, customerId)
    return raw && rowOf(raw)
  }

  getBySeq(seq: number): RequestRow | undefined {
    const raw = this.statements.bySeq.get(seq)
    return raw && rowOf(raw)
  }

  /** A termination of the service created by `requestId` that is done or under way, if any. */
  terminationOf(requestId: string): string | undefined {
    return this.statements.openTermination.get(requestId)?.id
  }

  /** `raw` statements give arrays, `pluck` ones the first column. */
  private statement(sql: string, mode: 'objects' | 'raw' | 'pluck' = 'objects'): Statement {
    const key = `${mode}:${sql}`
    let statement = this.prepared.get(key)
    if (!statement) {
      if (this.prepared.size >= 500) this.prepared.clear()
      statement = this.db.prepare(sql)
      if (mode === 'raw') statement.raw(true)
      if (mode === 'pluck') statement.pluck(true)
      this.prepared.set(key, statement)
    }
    return statement
  }

  /** Any write makes cached counts stale, and moves `version` on. */
  private changed(): void {
    this.counts.clear()
    this.writes += 1
  }

  /** Goes up with every write to the requests, so that what is derived from them can be kept until it moves. */
  get version(): number {
    return this.writes
  }

  /**
   * The seqs of a page of requests, in the query's order, and how many match in all. Reading seqs alone stays on
   * the index; the rows themselves come from `rowsBySeq`, for those the caller has not kept.
   */
  page(customerId: string, query: PageQuery): { seqs: number[]; total: number } {
    const where = whereOf(customerId, query, this.states)
    const limit = query.limit ?? REQUEST_PAGE.defaultLimit
    const offset = query.offset ?? 0
    const total = this.count(where)
    const seqs =
      offset >= total
        ? []
        : (this.statement(`SELECT seq FROM requests WHERE ${where.sql} ORDER BY ${orderByOf(query.sort, this.states)} LIMIT ? OFFSET ?`, 'pluck').all(
            ...where.params,
            limit,
            offset,
          ) as number[])
    return { seqs, total }
  }

  /** The rows of these seqs, in no particular order. */
  rowsBySeq(seqs: readonly number[]): RequestRow[] {
    if (seqs.length === 0) return []
    const sql = `${SELECT_ROW} WHERE seq IN (${seqs.map(() => '?').join(',')})`
    return (this.statement(sql, 'raw').all(...seqs) as RawRow[]).map(rowOf)
  }

  private count(where: { sql: string; params: unknown[] }): number {
    const sql = `SELECT COUNT(*) AS n FROM requests WHERE ${where.sql}`
    return this.counts.get(`${sql}|${JSON.stringify(where.params)}`, () => (this.statement(sql).get(...where.params) as { n: number }).n)
  }

  aggregate(customerId: string, query: AggregateQuery): Record<string, number> {
    const groupBy = query.groupBy ?? 'status'
    const column = groupBy === 'status' || groupBy === 'step' ? this.states[groupBy] : groupBy === 'subStep' ? this.states.sub_step : GROUP_COLUMNS[groupBy]
    const where = whereOf(customerId, query, this.states)
    const sql = `SELECT ${column} AS k, COUNT(*) AS n FROM requests WHERE ${where.sql} GROUP BY ${column} ORDER BY ${column}`
    const rows = this.counts.get(
      `${sql}|${JSON.stringify(where.params)}`,
      () => this.statement(sql).all(...where.params) as { k: string | number; n: number }[],
    )
    const counts: Record<string, number> = {}
    for (const key of this.states.everyKey ? (GROUP_KEYS[groupBy] ?? []) : []) counts[key] = 0
    const isFlag = groupBy === 'isOverdue' || groupBy === 'isArchived'
    for (const { k, n } of rows) counts[isFlag ? String(k === 1) : String(k)] = n
    return counts
  }

  /**
   * Inserts a request in the state its plan gives at `now`, with an id from `ids` (random unless seeding). Call
   * inside a transaction with its business checks. `seq` stays the insertion order, for paging and ties.
   */
  insert(request: NewRequest, now: number, ids: RequestIdSource = randomRequestId): RequestRow {
    const seq = this.statements.nextSeq.get()!.seq
    let id = ids(seq, 0)
    for (let attempt = 1; this.statements.idTaken.get(id); attempt++) id = ids(seq, attempt)
    const attachmentsInfo = request.attachments.map((a, position) => ({
      id: `${id}-A${position + 1}`,
      name: a.name,
      size: a.body.length,
      ...(a.mimeType ? { mimeType: a.mimeType } : {}),
    }))
    const plan: LifecyclePlan = { ...request, cancelledAt: null }
    const state = stateAt(plan, now)
    this.statements.insert.run({
      id,
      customer_id: request.customerId,
      name: request.name,
      customer_reference: request.customerReference,
      category: request.category,
      type: request.type,
      status: state.status,
      step: state.step,
      sub_step: state.subStep,
      is_overdue: state.isOverdue ? 1 : 0,
      is_archived: state.isArchived ? 1 : 0,
      requested_at: request.requestedAt,
      contract: request.contract,
      comment: request.comment,
      properties: JSON.stringify(request.properties),
      attachments: JSON.stringify(attachmentsInfo),
      related_request_id: request.relatedRequestId,
      created_at: request.createdAt,
      updated_at: state.changedAt,
      outcome: request.outcome,
      delay_days: request.delayDays,
      rejection: request.rejection ? JSON.stringify(request.rejection) : null,
      closed_at: state.closedAt,
      next_at: state.nextAt,
    })
    this.changed()
    request.attachments.forEach((a, position) => {
      this.statements.insertAttachment.run(attachmentsInfo[position]!.id, seq, position, a.name, a.mimeType, a.body.length, a.body)
    })
    return this.getBySeq(seq)!
  }

  /** Closes an open request as cancelled by `byRequestId` at `cancelledAt`, as it stands at `now`. */
  cancel(row: RequestRow, byRequestId: string, cancelledAt: number, now: number): void {
    const rejection: StoredRejection[] = [{ code: 304, params: { request: byRequestId } }]
    this.applyPlan({ ...row, outcome: 'cancelled', rejection: JSON.stringify(rejection) }, now, cancelledAt)
  }

  private applyPlan(row: RequestRow, now: number, cancelledAt: number | null): void {
    this.changed()
    const state = stateAt(planOf(row, cancelledAt), now)
    this.statements.applyState.run({
      seq: row.seq,
      status: state.status,
      step: state.step,
      sub_step: state.subStep,
      is_overdue: state.isOverdue ? 1 : 0,
      is_archived: state.isArchived ? 1 : 0,
      updated_at: state.changedAt,
      closed_at: state.closedAt,
      next_at: state.nextAt,
      outcome: row.outcome,
      rejection: row.rejection,
    })
  }

  /** Moves every request whose next change is due at `now`. Returns how many changed. */
  advance(now: number): number {
    let changed = 0
    const batch = this.db.transaction(() => {
      const due = this.statements.due.all(now, 2000).map(rowOf)
      for (const row of due) this.applyPlan(row, now, row.outcome === 'cancelled' ? row.closed_at : null)
      return due.length
    })
    for (let n = batch(); n > 0; n = batch()) changed += n
    return changed
  }

  nextChangeAt(): number | null {
    return this.statements.minNext.get()?.next ?? null
  }
}

export function planOf(row: RequestRow, cancelledAt: number | null): LifecyclePlan {
  return {
    createdAt: row.created_at,
    requestedAt: row.requested_at,
    category: row.category,
    outcome: row.outcome,
    delayDays: row.delay_days,
    cancelledAt,
  }
}
