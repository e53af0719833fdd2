import { csvCell } from '@contract/csv'
import type { TFunction } from '@/i18n/translator'
import { headerOf, LIST_SEPARATOR, type SheetColumn } from './sheet-columns'
import { writeSheetDate } from './sheet-dates'
import { CONTRACT_KEY, REFERENCE_KEY } from './check-rows'

/**
 * An item's spreadsheet template (docs/decisions/0035-bulk-order.md): notes of the rules first (lines opening with
 * `#`, which the import skips), the header in the person's language with required columns marked, then one example
 * row, itself a `#` line so that it is never ordered. Semicolons in French (what spreadsheets in French expect),
 * commas in English; the import reads both.
 */
export interface TemplateRules {
  earliestDate: string
  referenceMax: number
  contractMax: number
}

const EXAMPLE_BY_KEY: Record<string, string> = {
  city: 'Lyon',
  postalCode: '69001',
  zip: '69001',
  country: 'FR',
  countryCode: 'FR',
  phone: '+33 4 00 00 00 00',
  email: 'site.lyon@example.com',
  name: 'Lyon 1',
  street: '1 rue de la République',
  line1: '1 rue de la République',
  id: 'SP12345678',
  [CONTRACT_KEY]: 'CTR-001',
  [REFERENCE_KEY]: 'SITE-LYON-1',
}

export function exampleCell(column: SheetColumn, rules: TemplateRules, locale: string): string {
  const key = column.path.at(-1) ?? ''
  switch (column.kind) {
    case 'entries':
      return 'key=value'
    case 'date':
      return writeSheetDate(rules.earliestDate, locale)
    case 'enum':
      return String(column.options?.[0] ?? '')
    case 'boolean':
      return 'false'
    case 'number':
      return '1'
    default: {
      const example = EXAMPLE_BY_KEY[key] ?? (/mail/i.test(key) ? EXAMPLE_BY_KEY.email! : /phone|tel/i.test(key) ? EXAMPLE_BY_KEY.phone! : '')
      return column.maxLength !== undefined ? example.slice(0, column.maxLength) : example
    }
  }
}

export const templateDelimiter = (language: string) => (language === 'fr' ? ';' : ',')

function line(values: readonly string[], delimiter: string): string {
  return `${values
    .map((value) => {
      const cell = csvCell(value)
      return delimiter === ';' && cell.includes(';') && !cell.startsWith('"') ? `"${cell}"` : cell
    })
    .join(delimiter)}\r\n`
}

/** The notes of the rules, one sentence a line; `files`: the fields of files, which a sheet does not carry. */
export function ruleNotes(columns: readonly SheetColumn[], rules: TemplateRules, t: TFunction, locale: string, files: readonly string[] = []): string[] {
  const notes = [t('bulkOrder.template.required'), t('bulkOrder.template.dates', { date: writeSheetDate(rules.earliestDate, locale) })]
  if (columns.some((c) => c.key === REFERENCE_KEY)) notes.push(t('bulkOrder.template.reference', { max: rules.referenceMax }))
  if (columns.some((c) => c.key === CONTRACT_KEY)) notes.push(t('bulkOrder.template.contract', { max: rules.contractMax }))
  for (const column of columns) {
    if (column.kind === 'enum' && column.options)
      notes.push(t('bulkOrder.template.oneOf', { label: column.header, values: column.options.map(String).join(', ') }))
    if (column.kind === 'boolean') notes.push(t('bulkOrder.template.yesNo', { label: column.header }))
    if (column.kind === 'entries') notes.push(t('bulkOrder.template.entries', { label: column.header, separator: LIST_SEPARATOR }))
  }
  const lists = columns.filter((column) => column.listAt !== undefined).map((column) => column.header)
  if (lists.length > 0) notes.push(t('bulkOrder.template.list', { labels: lists.join(', '), separator: LIST_SEPARATOR }))
  if (files.length > 0) notes.push(t('bulkOrder.template.files', { labels: files.join(', ') }))
  notes.push(t('bulkOrder.template.limits'))
  return notes
}

/** The example row, its first cell opening with `# Example:` so that the import skips it. */
export function exampleRow(columns: readonly SheetColumn[], rules: TemplateRules, t: TFunction, locale: string): string[] {
  const example = columns.map((column) => exampleCell(column, rules, locale))
  example[0] = `# ${t('bulkOrder.template.example')} ${example[0] ?? ''}`.trim()
  return example
}

export function templateCsv(
  columns: readonly SheetColumn[],
  rules: TemplateRules,
  t: TFunction,
  language: string,
  locale: string,
  files: readonly string[] = [],
): string {
  const delimiter = templateDelimiter(language)
  const notes = ruleNotes(columns, rules, t, locale, files).map((note) => `# ${note}\r\n`)
  const example = exampleRow(columns, rules, t, locale)
  return `\uFEFF${notes.join('')}${line(columns.map(headerOf), delimiter)}${line(example, delimiter)}`
}

/** `order-<item>-template.csv`. */
export const templateFileName = (itemId: string, extension: 'csv' | 'xlsx' = 'csv') =>
  `order-${itemId.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-template.${extension}`
