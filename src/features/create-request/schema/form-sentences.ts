import type { z } from 'zod/mini'
import type { TFunction } from '@/i18n/translator'
import { formatCalendarDate, formatNumber } from '@/lib/format'
import type { FormField } from './form-model'

/**
 * What a rule asked, read from a validation issue, so that the form can say it as a sentence that names the field
 * and says what to do (docs/decisions/0014-creation-forms.md): "Customer reference: use at most 18 characters
 * (you have 19)." The API's own wording ("must be at most 18 characters, you have 19") stays the message of its
 * answers; `other` keeps it, after the field's name.
 */
export type Rule =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number; actual?: number }
  | { kind: 'tooShort'; min: number }
  | { kind: 'tooSoon'; earliest: string }
  | { kind: 'tooBig'; max: number }
  | { kind: 'tooSmall'; min: number }
  | { kind: 'tooManyItems'; max: number }
  | { kind: 'tooFewItems'; min: number }
  | { kind: 'oneOf'; values: string }
  | { kind: 'date' }
  | { kind: 'other' }

export function ruleOf(issue: z.core.$ZodIssue, field: FormField | undefined): Rule {
  const given = issue.input !== undefined && issue.input !== ''
  if (issue.message === 'requestedAt.tooSoon') {
    const earliest = (issue as { params?: { earliest?: unknown } }).params?.earliest
    return typeof earliest === 'string' ? { kind: 'tooSoon', earliest } : { kind: 'other' }
  }
  if (!given && ['invalid_value', 'invalid_union', 'invalid_type'].includes(issue.code)) return { kind: 'required' }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum)
    if (issue.origin === 'string') return { kind: 'tooLong', max, actual: typeof issue.input === 'string' ? issue.input.length : undefined }
    if (issue.origin === 'array') return { kind: 'tooManyItems', max }
    return { kind: 'tooBig', max }
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum)
    if (issue.origin === 'string') return min <= 1 ? { kind: 'required' } : { kind: 'tooShort', min }
    if (issue.origin === 'array') return { kind: 'tooFewItems', min }
    return { kind: 'tooSmall', min }
  }
  if (field?.kind === 'enum' && ['invalid_union', 'invalid_value', 'invalid_type'].includes(issue.code)) {
    return { kind: 'oneOf', values: field.options.map(String).join(', ') }
  }
  if (issue.code === 'invalid_format' && issue.format === 'date') return { kind: 'date' }
  return { kind: 'other' }
}

/**
 * A YYYY-MM-DD date in the one date style of the person's language ("Nov 30, 2026", "30 nov. 2026"), whatever the
 * locale the form's date picker takes its digits' order from (docs/decisions/0037-one-way-each.md).
 */
export function formatFormDate(iso: string, locale: string): string {
  return formatCalendarDate(iso, locale.split('-')[0] ?? locale)
}

/** The sentence the form shows for `rule` on the field labelled `label`; `message` is the plain wording to fall back on. */
export function sentenceFor(rule: Rule, label: string, message: string, t: TFunction, locale: string): string {
  const number = (value: number) => formatNumber(value, locale)
  const key = 'createRequest.sentence'
  switch (rule.kind) {
    case 'required':
      return t(`${key}.required`, { label })
    case 'tooLong':
      return rule.actual === undefined
        ? t(`${key}.tooLong`, { label, max: number(rule.max) })
        : t(`${key}.tooLongHave`, { label, max: number(rule.max), actual: number(rule.actual) })
    case 'tooShort':
      return t(`${key}.tooShort`, { label, min: number(rule.min) })
    case 'tooSoon':
      return t(`${key}.tooSoon`, { date: formatFormDate(rule.earliest, locale) })
    case 'tooBig':
      return t(`${key}.tooBig`, { label, max: number(rule.max) })
    case 'tooSmall':
      return t(`${key}.tooSmall`, { label, min: number(rule.min) })
    case 'tooManyItems':
      return t(`${key}.tooManyItems`, { label, max: number(rule.max) })
    case 'tooFewItems':
      return t(`${key}.tooFewItems`, { label, count: rule.min })
    case 'oneOf':
      return t(`${key}.oneOf`, { label, values: rule.values })
    case 'date':
      return t(`${key}.date`, { label })
    case 'other':
      return t(`${key}.other`, { label, message: message.replace(/[.\s]+$/, '') })
  }
}
