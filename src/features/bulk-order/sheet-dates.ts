import { formatDateDigits, parseDateDigits } from '@/lib/format'

/**
 * A date as a person's spreadsheet writes it, read as YYYY-MM-DD (docs/decisions/0035-bulk-order.md): ISO, or day,
 * month and year in the locale's order (`31/12/2026` in fr-FR and en-GB, `12/31/2026` in en-US), with `/`, `.` or
 * `-`. Anything else is left as typed, so that the form's rule says what is wrong with it.
 */
export function readSheetDate(text: string, locale: string): string {
  const value = text.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const iso = /^(\d{4})-(\d{2})-(\d{2})T/.exec(value)
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  return parseDateDigits(value, locale) ?? text
}

/** A YYYY-MM-DD date as the locale writes it in a sheet (`31/12/2026`). */
export const writeSheetDate = (iso: string, locale: string): string => formatDateDigits(iso, locale) || iso
