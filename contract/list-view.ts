import { z } from 'zod/mini'
import { CUSTOMER_REFERENCE_MAX } from './request'

/**
 * The requests list's view, declared once (docs/decisions/0038-list-view-declaration.md): every filter with its
 * address name, its API name, how it is read from and written to the address, its chip and its control in the
 * filter form; the sort keys. The address model, the API query, the chips and the form reading
 * (src/lib/request-search.ts), the filter forms (src/features/requests/components/filters-form.tsx) and the
 * gateway's dialect translator (server/shared/operator-dialect.ts) are derived from this table. Adding a filter is
 * one entry here and its name in the list view's messages (src/features/list-view/locales/{en,fr}.json), which the
 * list's and the dashboard's pages load both: they name its chip and its control.
 */

/** The sort keys: the address and the API write them alike (`-createdAt`), the gateway in the operator's style. */
export const SORT_KEYS = [
  'createdAt',
  'updatedAt',
  'keyDates.requestedAt',
  'name',
  'status',
  'step',
  'subStep',
  'type',
  'category',
  'customerReference',
  'id',
  'isOverdue',
] as const
export const DEFAULT_SORT = '-createdAt'

/** The most ids a view filters on (a link from a chart or a list of ids); each is at most 64 characters (0002). */
export const MAX_IDS = 100
/** The longest id filter a person can type: MAX_IDS ids of 64 characters, with their commas. */
export const MAX_ID_FILTER_LENGTH = MAX_IDS * 65

// --- Date presets, computed in the person's time zone ---------------------------------------------

export const DATE_PRESETS = ['last7', 'last30', 'thisMonth', 'next30'] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

/** A day of the person's calendar as `YYYY-MM-DD` (the local date, not the UTC one). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The days a preset covers, both ends included, counted from the person's today. */
export function presetRange(preset: DatePreset, now: Date = new Date()): { from: string; to: string } {
  const day = (offset: number) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset))
  switch (preset) {
    case 'last7':
      return { from: day(-6), to: day(0) }
    case 'last30':
      return { from: day(-29), to: day(0) }
    case 'thisMonth':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(new Date(now.getFullYear(), now.getMonth() + 1, 0)) }
    case 'next30':
      return { from: day(0), to: day(29) }
  }
}

// --- The kinds of filter: how each is read, written, sent and shown -------------------------------

/** A value of the address (or of the filter form, whose fields have the address's names), `null` when absent. */
export type ReadParam = (name: string) => string | null
export type WriteParam = (name: string, value: string) => void

/** How a chip says its value: a code's label, a type's name, as typed, yes/no, a preset's words, a day. */
export type ChipReading = 'code' | 'type' | 'text' | 'yesNo' | 'preset' | 'day'

/**
 * A filter's control in a filter form. Its label is the filter's name (the list view's messages, `listView.filter.`);
 * its other words are keys under the form's messages (`requests.filters.`, `dashboard.filters.`). Its fields have the
 * address's names, so the form reads through the same filter. A text field may be a date field (`input: 'date'`).
 */
export type FilterControlSpec =
  | { kind: 'codes' }
  | { kind: 'types'; codes: string; hint: string; loading: string }
  | { kind: 'text'; hint?: string; maxLength: number; input?: 'text' | 'date' }
  | { kind: 'yesNo'; yes: string; no: string }
  | { kind: 'dateRange'; presets: readonly DatePreset[] }

export interface ChipOf<V> {
  key: string
  /** The address name the chip's value is held under. */
  filter: string
  /** The value as the address holds it (a code, `true`, a date, a preset); the page says it in words. */
  value: string
  /** Its name's key among the list view's filter names (`listView.filter.`): the filter's, or a range's bound's. */
  label: string
  reads: ChipReading
  /** The filter's values once this chip is removed. */
  without: Partial<V>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived code reads every filter alike
export interface ListFilter<N extends string = string, V extends Record<string, unknown> = Record<string, any>> {
  /** The filter's name: its address parameter (a date range's three parameters start with it). */
  name: N
  /** Its API parameter (a date range's field, sent as `field.gte` / `field.lte`). */
  api: string
  kind: 'codes' | 'text' | 'flag' | 'dateRange'
  /** The view's keys it holds, each tolerant: a value that does not fit reads as none. */
  shape: Record<keyof V, z.ZodMiniType>
  control?: FilterControlSpec
  /** The raw values of its keys from the address or the form, before `shape` checks them. */
  read(get: ReadParam): Record<keyof V, unknown>
  /** After the check: a date preset gives its days, counted from `now`. */
  settle?(values: V, now: Date): V
  write(values: V, set: WriteParam): void
  toApi(values: V, set: WriteParam): void
  chips(values: V): ChipOf<V>[]
}

const list = (values: string | null) =>
  (values ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** A status, step, sub-step or category as an address may carry it: any code an operator could use, never free text. */
const ZCode = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/))

/** A filter of several values (`status=NEW,REJECTED`): one chip each. */
function codes<N extends string>(
  name: N,
  spec: { item: z.ZodMiniType<string>; reads: ChipReading; control?: FilterControlSpec },
): ListFilter<N, Record<N, string[]>> {
  type V = Record<N, string[]>
  // One unknown code or an over-long type drops that item, not the whole list.
  const items = (raw: string | null) => [...new Set(list(raw).filter((value) => spec.item.safeParse(value).success))]
  return {
    name,
    api: name,
    kind: 'codes',
    shape: { [name]: z.catch(z.array(spec.item), []) } as unknown as Record<N, z.ZodMiniType>,
    control: spec.control,
    read: (get) => ({ [name]: items(get(name)) }) as Record<N, unknown>,
    write: (values: V, set) => values[name].length > 0 && set(name, values[name].join(',')),
    toApi: (values: V, set) => values[name].length > 0 && set(name, values[name].join(',')),
    chips: (values: V) =>
      values[name].map((value) => ({
        key: `${name}-${value}`,
        filter: name,
        value,
        label: name,
        reads: spec.reads,
        without: { [name]: values[name].filter((v) => v !== value) } as Partial<V>,
      })),
  }
}

/** A filter of one typed value; `clean` reads it (undefined: none), `toApi` writes it for the API. */
function text<N extends string>(
  name: N,
  spec: {
    api?: string
    max: number
    /** How its chip says the value: as typed, or a day in the person's format. */
    reads?: 'text' | 'day'
    control?: FilterControlSpec
    clean?: (raw: string) => string | undefined
    toApi?: (value: string) => string | undefined
  },
): ListFilter<N, Record<N, string | undefined>> {
  type V = Record<N, string | undefined>
  const clean = spec.clean ?? ((raw: string) => raw.trim() || undefined)
  return {
    name,
    api: spec.api ?? name,
    kind: 'text',
    shape: { [name]: z.catch(z.optional(z.string().check(z.maxLength(spec.max))), undefined) } as unknown as Record<N, z.ZodMiniType>,
    control: spec.control,
    read: (get) => ({ [name]: clean(get(name) ?? '') }) as Record<N, unknown>,
    write: (values: V, set) => values[name] && set(name, values[name]),
    toApi: (values: V, set) => {
      const value = values[name] && (spec.toApi ?? ((v: string) => v))(values[name])
      if (value) set(spec.api ?? name, value)
    },
    chips: (values: V) =>
      values[name] === undefined
        ? []
        : [{ key: name, filter: name, value: values[name], label: name, reads: spec.reads ?? 'text', without: { [name]: undefined } as Partial<V> }],
  }
}

/** One day (`requestedOn=2026-12-01`), typed in a date field; a value that is not a day reads as none. */
function day<N extends string>(name: N, spec: { api: string }): ListFilter<N, Record<N, string | undefined>> {
  const clean = (raw: string) => (z.iso.date().safeParse(raw.trim()).success ? raw.trim() : undefined)
  return text(name, { api: spec.api, max: 10, reads: 'day', clean, control: { kind: 'text', input: 'date', maxLength: 10 } })
}

/** A yes/no filter (`isOverdue=true`): absent is either. */
function flag<N extends string>(name: N, spec: { control?: FilterControlSpec }): ListFilter<N, Record<N, boolean | undefined>> {
  type V = Record<N, boolean | undefined>
  const write = (values: V, set: WriteParam) => values[name] !== undefined && set(name, String(values[name]))
  return {
    name,
    api: name,
    kind: 'flag',
    shape: { [name]: z.catch(z.optional(z.boolean()), undefined) } as unknown as Record<N, z.ZodMiniType>,
    control: spec.control,
    read: (get) => ({ [name]: get(name) === 'true' ? true : get(name) === 'false' ? false : undefined }) as Record<N, unknown>,
    write,
    toApi: write,
    chips: (values: V) =>
      values[name] === undefined
        ? []
        : [{ key: name, filter: name, value: String(values[name]), label: name, reads: 'yesNo', without: { [name]: undefined } as Partial<V> }],
  }
}

type RangeValues<N extends string> = Record<`${N}From` | `${N}To`, string | undefined> & Record<`${N}Preset`, DatePreset | undefined>

/**
 * A date range (`requestedFrom` / `requestedTo`, or `requestedPreset=last7`, which stands for both and keeps a saved
 * view relative: docs/decisions/0025-list-views.md), sent as `field.gte` / `field.lte`.
 */
function dateRange<N extends string>(name: N, spec: { api: string; presets: readonly DatePreset[] }) {
  const keys = { from: `${name}From`, to: `${name}To`, preset: `${name}Preset` } as const
  type V = Record<string, string | undefined>
  type RangeParts = { keys: typeof keys; control: Extract<FilterControlSpec, { kind: 'dateRange' }> }
  const bound = z.catch(z.optional(z.iso.date()), undefined)
  const chip = (key: string, value: string, reads: ChipReading, without: V): ChipOf<V> => ({
    key,
    filter: key,
    value,
    reads,
    // A preset is named as its range ("Requested date: Last 7 days"), a bound as itself ("Requested from").
    label: reads === 'preset' ? name : key,
    without,
  })
  const filter: ListFilter<N, V> & RangeParts = {
    name,
    api: spec.api,
    kind: 'dateRange',
    keys,
    shape: { [keys.from]: bound, [keys.to]: bound, [keys.preset]: z.catch(z.optional(z.enum(DATE_PRESETS)), undefined) },
    control: { kind: 'dateRange', presets: spec.presets },
    read: (get) => ({ [keys.from]: get(keys.from) ?? undefined, [keys.to]: get(keys.to) ?? undefined, [keys.preset]: get(keys.preset) ?? undefined }),
    settle: (values, now) => {
      const preset = values[keys.preset] as DatePreset | undefined
      if (!preset) return values
      const days = presetRange(preset, now)
      return { ...values, [keys.from]: days.from, [keys.to]: days.to }
    },
    write: (values, set) => {
      // A preset stands for its bounds: the address keeps it relative.
      if (values[keys.preset]) set(keys.preset, values[keys.preset]!)
      else for (const key of [keys.from, keys.to]) if (values[key]) set(key, values[key])
    },
    toApi: (values, set) => {
      if (values[keys.from]) set(`${spec.api}.gte`, values[keys.from]!)
      if (values[keys.to]) set(`${spec.api}.lte`, values[keys.to]!)
    },
    chips: (values) => {
      // A preset is one chip ("Requested date: Last 7 days"), and removing it removes the range.
      const none = { [keys.from]: undefined, [keys.to]: undefined, [keys.preset]: undefined }
      if (values[keys.preset]) return [chip(keys.preset, values[keys.preset]!, 'preset', none)]
      return [keys.from, keys.to].flatMap((key) => (values[key] ? [chip(key, values[key], 'day', { [key]: undefined })] : []))
    },
  }
  return filter as unknown as ListFilter<N, RangeValues<N>> & RangeParts
}

/** An id filter keeps at most MAX_IDS ids; an over-long id drops that id, not the filter (which would list everything). */
const cleanIds = (raw: string) =>
  list(raw)
    .filter((id) => id.length <= 64)
    .slice(0, MAX_IDS)
    .join(',') || undefined

/** A customer reference without `*` is searched as a prefix, unless it has no room left for the `*` (19 characters). */
const asPrefix = (reference: string) => (reference.includes('*') || reference.length > CUSTOMER_REFERENCE_MAX ? reference : `${reference}*`)

/** The filters, in the order of the address, the API query, the chips and the form. */
export const LIST_FILTERS = [
  codes('status', { item: ZCode, reads: 'code', control: { kind: 'codes' } }),
  codes('step', { item: ZCode, reads: 'code' }),
  codes('subStep', { item: ZCode, reads: 'code' }),
  codes('category', { item: ZCode, reads: 'code' }),
  codes('type', {
    item: z.string().check(z.minLength(1), z.maxLength(64)),
    reads: 'type',
    control: { kind: 'types', codes: 'typeCodes', hint: 'typeCodesHint', loading: 'typesLoading' },
  }),
  text('customerReference', {
    max: CUSTOMER_REFERENCE_MAX + 1,
    control: { kind: 'text', hint: 'customerReferenceHint', maxLength: CUSTOMER_REFERENCE_MAX + 1 },
    toApi: asPrefix,
  }),
  text('id', {
    max: MAX_ID_FILTER_LENGTH,
    control: { kind: 'text', hint: 'idHint', maxLength: MAX_ID_FILTER_LENGTH },
    clean: cleanIds,
    // Several ids may be given, comma-separated; empty items (`a,,b`, a trailing comma) would be refused.
    toApi: (ids) => list(ids).join(',') || undefined,
  }),
  // The reference's `priority`, taken as the operator writes it.
  text('priority', { max: 64, control: { kind: 'text', maxLength: 64 } }),
  // The reference's `keyDates.requestedAt` as one day: what was asked for that day (the range below spans several).
  day('requestedOn', { api: 'keyDates.requestedAt' }),
  flag('isOverdue', { control: { kind: 'yesNo', yes: 'overdueOnly', no: 'notOverdue' } }),
  flag('isArchived', { control: { kind: 'yesNo', yes: 'archivedOnly', no: 'notArchived' } }),
  // A requested date may be ahead, a creation date only behind; an update's range has no quick choices.
  dateRange('requested', { api: 'keyDates.requestedAt', presets: DATE_PRESETS }),
  dateRange('created', { api: 'createdAt', presets: ['last7', 'last30', 'thisMonth'] }),
  dateRange('updated', { api: 'updatedAt', presets: [] }),
] as const

export type ListFilterName = (typeof LIST_FILTERS)[number]['name']
export type DateRangeFilter = Extract<(typeof LIST_FILTERS)[number], { keys: unknown }>
export const DATE_RANGE_FILTERS = LIST_FILTERS.filter((filter): filter is DateRangeFilter => filter.kind === 'dateRange')

/** The API's date fields whose ranges the console writes `field.gte` / `field.lte` (the gateway's translator reads them). */
export const RANGE_API_FIELDS: readonly string[] = DATE_RANGE_FILTERS.map((filter) => filter.api)
