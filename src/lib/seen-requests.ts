import { z } from 'zod/mini'
import { localStore, readJson, writeJson } from './browser-storage'

/**
 * What the person last saw of each request (status, step, sub-step), so that the list and the dashboard can mark what
 * changed since. Kept in this browser, per person, and bounded: the most recently seen requests are kept, the oldest
 * forgotten (docs/decisions/0025).
 */
export const SEEN_LIMIT = 2_000

export interface SeenRow {
  id: string
  status?: string
  step?: string
  subStep?: string
}

const keyOf = (person: string) => `ordering-console.seen.${person}`
const ZSeen = z.array(z.tuple([z.string(), z.string()]))

const stateOf = (row: SeenRow) => `${row.status ?? ''}|${row.step ?? ''}|${row.subStep ?? ''}`

/** What changed since the last look, remembered for as long as the page lives so that a mark does not vanish on a refresh. */
const changedThisVisit = new Map<string, Map<string, string>>()

function read(person: string): Map<string, string> {
  const parsed = ZSeen.safeParse(readJson(localStore(), keyOf(person)))
  return new Map(parsed.success ? parsed.data : [])
}

/** The rows that changed since the person last saw them, with what they were (`status|step|subStep`). */
export function changesSinceLastLook(person: string | null, rows: readonly SeenRow[]): Map<string, string> {
  const changes = new Map<string, string>()
  if (!person) return changes
  const seen = read(person)
  const visit = changedThisVisit.get(person)
  for (const row of rows) {
    const before = visit?.get(row.id) ?? seen.get(row.id)
    if (before !== undefined && before !== stateOf(row)) changes.set(row.id, before)
  }
  return changes
}

/** Notes that the person has now seen the rows as they are; called once they are on screen. */
export function rememberSeen(person: string | null, rows: readonly SeenRow[]): void {
  if (!person || rows.length === 0) return
  const seen = read(person)
  let visit = changedThisVisit.get(person)
  if (!visit) changedThisVisit.set(person, (visit = new Map()))
  for (const row of rows) {
    const before = seen.get(row.id)
    const now = stateOf(row)
    if (before !== undefined && before !== now && !visit.has(row.id)) visit.set(row.id, before)
    // Deleted then set: the map keeps insertion order, so the most recently seen go last and the oldest are dropped first.
    seen.delete(row.id)
    seen.set(row.id, now)
  }
  writeJson(localStore(), keyOf(person), [...seen].slice(-SEEN_LIMIT))
}

/** `status|step|subStep` back into its parts, to say what a request was. */
export function seenState(state: string): { status?: string; step?: string; subStep?: string } {
  const [status, step, subStep] = state.split('|')
  return { status: status || undefined, step: step || undefined, subStep: subStep || undefined }
}
