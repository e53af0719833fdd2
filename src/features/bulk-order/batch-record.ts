import { localStore, readJson, writeJson } from '@/lib/browser-storage'

/**
 * The browser's own record of a batch (docs/decisions/0035-bulk-order.md), in local storage under the person: the
 * bodies once, and each row's state as it changes. A row is marked `sending`, with the time the send started, before
 * its POST leaves; a reload finds it so and checks whether it arrived (the send-once protocol, 0014) rather than
 * sending it again.
 */
export type RowState = 'waiting' | 'sending' | 'created' | 'refused' | 'unverified'

export interface RefusalRecord {
  status: number
  code: number | null
  message: string
  description?: string
  requestId: string | null
}

export interface BatchRow {
  number: number
  reference: string
  state: RowState
  /** The request, once created or found. */
  id?: string
  /** When the pending send started, minus the clock margin (the protocol's `since`). */
  since?: string
  refusal?: RefusalRecord
  /** Sends that the gateway proved did not arrive, tried again. */
  resent?: number
}

export interface BatchRecord {
  id: string
  itemId: string
  itemName: string
  /** The references' common start: the list filtered by it shows the batch. */
  prefix: string
  startedAt: string
  paused: boolean
  rows: BatchRow[]
  /** The checked rows that were not sent (problems), for the report: number, reference. */
  skipped: { number: number; reference: string }[]
  /** The batch as a saved view of the list (absent from records written before there was one). */
  view?: { name: string; url: string }
}

const KEY = 'ordering-console.bulk-order.v1'
const keyOf = (person: string) => `${KEY}:${person}`
const bodiesKeyOf = (person: string, batch: string) => `${KEY}:${person}:${batch}:bodies`

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function readBatch(person: string): { record: BatchRecord; bodies: Record<string, Record<string, unknown>> } | null {
  const record = readJson(localStore(), keyOf(person))
  if (!isRecord(record) || typeof record.id !== 'string' || !Array.isArray(record.rows)) return null
  const bodies = readJson(localStore(), bodiesKeyOf(person, record.id))
  // What this module wrote, read back: its shape is its own.
  return { record: record as unknown as BatchRecord, bodies: isRecord(bodies) ? (bodies as Record<string, Record<string, unknown>>) : {} }
}

export function startBatch(person: string, record: BatchRecord, bodies: Record<string, Record<string, unknown>>): void {
  const previous = readBatch(person)
  if (previous) localStore()?.removeItem(bodiesKeyOf(person, previous.record.id))
  writeJson(localStore(), bodiesKeyOf(person, record.id), bodies)
  writeJson(localStore(), keyOf(person), record)
}

export function saveBatch(person: string, record: BatchRecord): void {
  writeJson(localStore(), keyOf(person), record)
}

/** Forgets the batch (the person starts another, or closes the report). */
export function clearBatch(person: string): void {
  const previous = readBatch(person)
  if (previous) localStore()?.removeItem(bodiesKeyOf(person, previous.record.id))
  localStore()?.removeItem(keyOf(person))
}

export const isFinished = (record: BatchRecord) => record.rows.every((row) => row.state === 'created' || row.state === 'refused' || row.state === 'unverified')

/** The longest start the references share (at least 3 characters), else the batch's own prefix. */
export function commonPrefix(references: readonly string[], fallback: string): string {
  if (references.length === 0) return fallback
  let prefix = references[0]!
  for (const reference of references) while (!reference.startsWith(prefix)) prefix = prefix.slice(0, -1)
  return prefix.length >= 3 ? prefix : fallback
}

/**
 * The list's URL that shows the batch's requests: by the references' common start when every row carries it, else by
 * the day the batch was created (`createdFrom`, the person's own day) with the item's type when it has one.
 */
export function batchViewUrl(record: Pick<BatchRecord, 'prefix' | 'startedAt' | 'rows'>, type?: string): string {
  if (record.rows.length > 0 && record.rows.every((row) => row.reference.startsWith(record.prefix)))
    return `/requests?${new URLSearchParams({ customerReference: `${record.prefix}*` })}`
  const started = new Date(record.startedAt)
  const day = `${started.getFullYear()}-${String(started.getMonth() + 1).padStart(2, '0')}-${String(started.getDate()).padStart(2, '0')}`
  return `/requests?${new URLSearchParams({ createdFrom: day, ...(type ? { type } : {}) })}`
}
