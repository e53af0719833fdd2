import { REQUEST_CATEGORIES, REQUEST_STATUSES, REQUEST_STEPS, REQUEST_SUB_STEPS } from '@contract/request'
import type { TFunction } from '@/i18n/translator'
import { readableCode } from '@contract/code-label'

/**
 * Labels for the codes the reference lists only as "seen" (status, step, subStep, category): the known ones have a
 * translation, any other an operator sends is shown as a readable label made from the code, in a neutral style, and
 * never as a translation key (docs/decisions/0028-tolerant-reader.md). Every place that shows such a code uses this.
 */
export type CodeKind = 'status' | 'step' | 'subStep' | 'category'

const KNOWN: Record<CodeKind, readonly string[]> = {
  status: REQUEST_STATUSES,
  step: REQUEST_STEPS,
  subStep: REQUEST_SUB_STEPS,
  category: REQUEST_CATEGORIES,
}

export interface CodeLabel {
  label: string
  /** Whether the console knows the code (a translated label, its own badge style) or made the label from it. */
  known: boolean
}

export function isKnownCode(kind: CodeKind, code: string): boolean {
  return KNOWN[kind].includes(code)
}

/**
 * The label of `code` of `kind`, with the translation under `{namespace}.{kind}.{code}` when the code is known
 * (`requests`, `dashboard`, `requestDetail` each hold the known ones).
 */
export function codeLabel(t: TFunction, namespace: string, kind: CodeKind, code: string): CodeLabel {
  if (isKnownCode(kind, code)) return { label: t(`${namespace}.${kind}.${code}`), known: true }
  return { label: readableCode(code), known: false }
}

/** `codeLabel`'s text alone, for places that show no badge (tables of counts, exports, chips). */
export function codeText(t: TFunction, namespace: string, kind: CodeKind, code: string): string {
  return codeLabel(t, namespace, kind, code).label
}
