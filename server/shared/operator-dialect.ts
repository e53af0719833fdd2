import { HEADER } from '@contract/common'
import { RANGE_API_FIELDS } from '@contract/list-view'
import type { OperatorProfile } from '@contract/operator-profile'

/**
 * The one translator from the canonical list query (the default sandbox's syntax, docs/decisions/0002-list-queries.md)
 * to the operator's dialect (docs/decisions/0027-operator-profile.md). Pure functions, in server/shared so that every
 * client of the operator speaks the same dialect: the gateway's proxy calls them for GET /requests and GET
 * /requests/aggregate, the overdue report (docs/decisions/0019-overdue-report.md) for its pages.
 */

/** The date fields whose ranges the SPA writes `field.gte` / `field.lte`: the list view's date ranges (contract/list-view.ts). */
const RANGE_FIELDS = RANGE_API_FIELDS

/** Parameters that shape the answer rather than filter it: never dropped as "other filters". */
const SHAPING = new Set(['limit', 'offset', 'fields', 'displayLinks', 'displayNulls', 'groupBy', 'sort'])

/**
 * The canonical name a parameter is reported and remembered by (DROPPED_PARAMETERS_HEADER): a range bound is its
 * field (`createdAt.gte` → `createdAt`), anything else its own name.
 */
export function canonicalNameOf(parameter: string): string {
  return parameter.replace(/\.(gte|lte)$/, '')
}

export function isRangeName(name: string): boolean {
  return RANGE_FIELDS.includes(name)
}

/** The canonical names present in a query, in order, without `x-api-key`. */
export function canonicalNamesOf(query: URLSearchParams): string[] {
  const names: string[] = []
  for (const key of query.keys()) {
    const name = canonicalNameOf(key)
    if (key !== HEADER.apiKey && !names.includes(name)) names.push(name)
  }
  return names
}

/** Canonical names that are filters, not sort, ranges nor paging: the last ones the 400 fallback leaves out. */
export function isOtherFilter(name: string): boolean {
  return !SHAPING.has(name) && !isRangeName(name)
}

/** `-createdAt,name` written in a sort style; several terms as docs/decisions/0027-operator-profile.md says. */
export function sortIn(style: OperatorProfile['sort'], canonical: string): string[] {
  const terms = canonical
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term) => ({ field: term.replace(/^-/, ''), descending: term.startsWith('-') }))
  switch (style) {
    case '-field':
      return [terms.map((term) => `${term.descending ? '-' : ''}${term.field}`).join(',')]
    case 'field:desc':
      return [terms.map((term) => `${term.field}:${term.descending ? 'desc' : 'asc'}`).join(',')]
    case 'field,desc':
      // The comma separates field and direction: one `sort` parameter per term, in order (Spring Data's syntax).
      return terms.map((term) => `${term.field},${term.descending ? 'desc' : 'asc'}`)
  }
}

/** One field's range in a range style: the parameters to send, in order. */
export function rangeIn(style: OperatorProfile['dateRange'], field: string, from: string | null, to: string | null): [string, string][] {
  switch (style) {
    case 'field.gte':
      return [...(from === null ? [] : [[`${field}.gte`, from] as [string, string]]), ...(to === null ? [] : [[`${field}.lte`, to] as [string, string]])]
    case 'field=FROM..TO':
      // An open end stays empty: `FROM..` or `..TO`.
      return [[field, `${from ?? ''}..${to ?? ''}`]]
    case 'field[gte]':
      return [...(from === null ? [] : [[`${field}[gte]`, from] as [string, string]]), ...(to === null ? [] : [[`${field}[lte]`, to] as [string, string]])]
  }
}

export interface DialectCall {
  /** The query to send to the operator. */
  query: URLSearchParams
  /** Headers to add: the API key when the profile puts it in a header. */
  headers: Record<string, string>
  /** Canonical names left out: refused before (`omit`) or beyond what the profile allows (patterns). */
  dropped: string[]
}

/**
 * The SPA's canonical query of GET /requests or /requests/aggregate as the operator takes it: the browser's own
 * API key dropped, the names in `omit` left out, `customerReference` patterns left out when the operator takes
 * none, `limit` at most `pageSizeMax`, sort and date ranges in the profile's style, the API key where the profile
 * puts it. The default profile changes nothing but the API key's header.
 */
export function toOperatorQuery(canonical: URLSearchParams, profile: OperatorProfile, apiKey: string, omit: ReadonlySet<string> = new Set()): DialectCall {
  const dropped: string[] = []
  const drop = (name: string) => {
    if (!dropped.includes(name)) dropped.push(name)
  }
  const query = new URLSearchParams()
  const ranges = new Map<string, { from: string | null; to: string | null }>()
  const pending: ([string, string] | { range: string } | { sort: string })[] = []
  for (const [key, value] of canonical) {
    if (key === HEADER.apiKey) continue
    const name = canonicalNameOf(key)
    if (omit.has(name)) {
      drop(name)
      continue
    }
    if (name === 'customerReference' && !profile.wildcards && value.includes('*')) {
      drop(name)
      continue
    }
    if (key === 'limit' && /^[0-9]+$/.test(value) && Number(value) > profile.pageSizeMax) {
      pending.push([key, String(profile.pageSizeMax)])
      continue
    }
    if (key === 'sort') {
      pending.push({ sort: value })
      continue
    }
    if (key !== name && isRangeName(name)) {
      let range = ranges.get(name)
      if (!range) {
        ranges.set(name, (range = { from: null, to: null }))
        pending.push({ range: name })
      }
      if (key.endsWith('.gte')) range.from = value
      else range.to = value
      continue
    }
    pending.push([key, value])
  }
  for (const entry of pending) {
    // `field=FROM..TO` has no room for the exact day beside a range of the same field: the range is sent.
    if (Array.isArray(entry) && profile.dateRange === 'field=FROM..TO' && ranges.has(entry[0])) drop(entry[0])
    else if (Array.isArray(entry)) query.append(entry[0], entry[1])
    else if ('sort' in entry) for (const value of sortIn(profile.sort, entry.sort)) query.append('sort', value)
    else {
      const range = ranges.get(entry.range)!
      for (const [key, value] of rangeIn(profile.dateRange, entry.range, range.from, range.to)) query.set(key, value)
    }
  }
  return { query, headers: placeApiKey(query, profile.apiKey, apiKey), dropped }
}

/** Puts the API key where the operator takes it (the profile's `apiKey`): in `query`, or in the headers returned. */
export function placeApiKey(query: URLSearchParams, place: OperatorProfile['apiKey'], apiKey: string): Record<string, string> {
  query.delete(HEADER.apiKey)
  if (place === 'header') return { [HEADER.apiKey]: apiKey }
  query.append(HEADER.apiKey, apiKey)
  return {}
}
