import { HEADER } from '@contract/common'
import { ZAggregateRequestsQuery, ZListRequestsQuery } from '@contract/request-query'
import { canonicalNameOf, canonicalNamesOf, isOtherFilter, isRangeName } from '../shared/operator-dialect'
import type { SharedStore } from './shared-store'

/**
 * A refused parameter never kills a page (docs/decisions/0027-operator-profile.md): when the operator answers 400 to
 * a list or aggregate, the gateway finds what it refused, asks again without it, and remembers the refusal for a
 * while so that later calls leave it out at once.
 */

/** The most calls again after a 400, per browser call. */
export const MAX_RETRIES = 3
/** How long a refusal is remembered before the gateway offers the parameter again. */
export const REFUSAL_TTL_MS = 10 * 60_000

/** The canonical names the gateway may remember as refused: those of the list queries, never a caller's invention. */
const KNOWN_NAMES = new Set([...Object.keys(ZListRequestsQuery.shape), ...Object.keys(ZAggregateRequestsQuery.shape)].map(canonicalNameOf))
KNOWN_NAMES.delete(HEADER.apiKey)

const DATE_OR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/
const SORT = /^-?[A-Za-z.]+(,-?[A-Za-z.]+)*$/

/**
 * True when the canonical query is well written where the gateway translates it (no repeated parameter, sort terms,
 * date bounds, paging): only then is a 400 the operator's refusal of a parameter rather than the caller's own
 * mistake, which is passed on as it is and never remembered for everyone.
 */
export function mayFallBack(canonical: URLSearchParams): boolean {
  const keys = [...canonical.keys()]
  if (new Set(keys).size !== keys.length) return false
  for (const [key, value] of canonical) {
    if (key === 'sort' && !SORT.test(value)) return false
    if ((key === 'limit' || key === 'offset') && !/^[0-9]{1,6}$/.test(value)) return false
    if (key !== canonicalNameOf(key) && !DATE_OR_TIMESTAMP.test(value)) return false
  }
  return true
}

/** The texts of an error body that may name a parameter, read tolerantly (the platform's entity, OAuth's, RFC 9457's). */
function textsOf(body: string): string[] {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return []
  }
  if (typeof json !== 'object' || json === null) return []
  const entity = json as Record<string, unknown>
  const texts = ['message', 'description', 'error_description', 'detail', 'title'].map((key) => entity[key])
  if (Array.isArray(entity.fields)) {
    for (const field of entity.fields as unknown[]) {
      if (typeof field === 'object' && field !== null) texts.push((field as Record<string, unknown>).path, (field as Record<string, unknown>).message)
    }
  }
  return texts.filter((text): text is string => typeof text === 'string')
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What to leave out next after the operator's 400 to `canonical` without `omitted`: the present names its error
 * names; else, step by step, the sort, the date ranges, the other filters. Empty: nothing more to try.
 */
export function nextToLeaveOut(canonical: URLSearchParams, omitted: ReadonlySet<string>, errorBody: string): string[] {
  const present = canonicalNamesOf(canonical).filter((name) => !omitted.has(name))
  const texts = textsOf(errorBody)
  // A name as a word of its own: `createdAt` in "createdAt[gte] is unknown", never in "recreatedAt".
  const named = present.filter((name) => texts.some((text) => new RegExp(`(^|[^A-Za-z0-9_])${escape(name)}($|[^A-Za-z0-9_])`).test(text)))
  if (named.length > 0) return named
  for (const stage of [(name: string) => name === 'sort', isRangeName, isOtherFilter]) {
    const names = present.filter(stage)
    if (names.length > 0) return names
  }
  return []
}

/** What the operator refused lately, per path, in the instances' shared store (docs/decisions/0021-many-instances.md). */
export function refusalMemory(store: SharedStore) {
  const keyOf = (path: string) => `operator-refused:${path}`
  return {
    async of(path: string): Promise<Set<string>> {
      const value = await store.get(keyOf(path)).catch(() => null)
      return new Set(value ? value.split(',').filter((name) => KNOWN_NAMES.has(name)) : [])
    },
    /** Adds `names` to the path's refusals; only known names, so that the set stays small. */
    async add(path: string, names: Iterable<string>): Promise<void> {
      const all = await this.of(path)
      for (const name of names) if (KNOWN_NAMES.has(name)) all.add(name)
      if (all.size > 0) await store.set(keyOf(path), [...all].join(','), REFUSAL_TTL_MS).catch(() => undefined)
    },
  }
}
export type RefusalMemory = ReturnType<typeof refusalMemory>
