import { z } from 'zod'
import { RE2JS } from 're2js'
import { extractPatterns, patternRefinement } from '@contract/catalog-patterns'
import type { FieldIssue } from '@contract/error'
import { describeIssues, formatMessage, type MessageLanguage } from '@contract/issue-messages'
import { BVPN_TYPE_PATTERN } from '@contract/request'
import { resolveLocalRefs } from '@contract/json-schema-refs'
import { REQUEST_BODY_VARIANTS, ZRequestBodyBase, withRequestedAtRule } from '@contract/request-bodies'
import { fieldAt, type FormField } from './form-model'
import { ruleOf, type Rule } from './form-sentences'

/**
 * The patterns the operator's schemas use, with the message the API gives for each (contract/request.ts).
 * A pattern not listed is reported as "does not have the expected format (<pattern>)". A test keeps this list
 * in step with the patterns the sandbox's catalog publishes.
 */
export const PATTERN_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  '^[A-Za-z0-9 -]{3,10}$': 'format.postalCode',
  '^[A-Z]{2}$': 'format.country',
  '^\\+?[0-9 ().-]{6,20}$': 'format.phone',
  '^SP[0-9]{8}$': 'format.servicePoint',
  '^REQ[0-9]{8}$': 'format.requestId',
  [BVPN_TYPE_PATTERN.source]: 'format.bvpnType',
}

/** A problem of the body: the API's wording in `message`, and what the rule asked, for the form's sentence. */
export type ValidatedIssue = FieldIssue & { rule: Rule }

export interface BodyValidator {
  /** Every problem of `body`, at most one per field, worded in `language`. */
  validate(body: unknown, language: MessageLanguage): ValidatedIssue[]
}

/**
 * Validation built from the same things the sandbox checks a body with (docs/decisions/0006): the variant's
 * contract schema (base fields: `customerReference` ≤ 18, `contract` ≤ 10, BVPN types `^[CMR]_BVPN_.*$`…),
 * the item's published JSON Schema read by `z.fromJSONSchema` (its local references followed first), and
 * `requestedAt` ≥ `today` + 7 days. A variant the contract does not name (another operator's, or none: the generic
 * form) is checked with the fields every variant shares (docs/decisions/0030-forms-for-any-catalog.md).
 * The schemas and the rule are parsed apart rather than intersected, so that a trimmed value and the raw one never
 * have to be merged.
 */
export function createBodyValidator(item: { variant?: string; schema?: unknown }, model: FormField, today: string): BodyValidator {
  const known =
    item.variant !== undefined && Object.hasOwn(REQUEST_BODY_VARIANTS, item.variant) ? (item.variant as keyof typeof REQUEST_BODY_VARIANTS) : undefined
  const variantSchema = known ? REQUEST_BODY_VARIANTS[known].schema : ZRequestBodyBase
  // Apart, so that it speaks even while other fields are wrong (zod runs a check only on a valid object).
  const dayRule = withRequestedAtRule(z.looseObject({}), today)
  let publishedSchema: z.ZodType | undefined
  try {
    // Patterns run with RE2, in linear time: a catalog pattern cannot freeze the tab (docs/decisions/0020).
    const { stripped, checks } = extractPatterns(resolveLocalRefs(item.schema ?? {}), (source) => RE2JS.compile(source))
    publishedSchema = z.fromJSONSchema(stripped as z.core.JSONSchema.JSONSchema)
    if (checks.length > 0) publishedSchema = publishedSchema.check(z.superRefine(patternRefinement(checks), { when: () => true }))
  } catch {
    // The sandbox refuses such an item; from another operator, the variant's rules and the API still apply.
    publishedSchema = undefined
  }
  return {
    validate(body, language) {
      const issues = [
        ...(dayRule.safeParse(body, { reportInput: true }).error?.issues ?? []),
        ...(variantSchema.safeParse(body, { reportInput: true }).error?.issues ?? []),
        ...(publishedSchema?.safeParse(body, { reportInput: true }).error?.issues ?? []),
      ]
      const seen = new Set<string>()
      const described: ValidatedIssue[] = []
      for (const issue of issues) {
        const [first] = describeIssues([issue], language)
        if (!first || seen.has(first.path)) continue
        seen.add(first.path)
        described.push({
          path: first.path,
          message: betterMessage(issue, model, language) ?? first.message,
          rule: ruleOf(issue, fieldAt(model, issue.path.map(String))),
        })
      }
      return described
    },
  }
}

/** Where the generic wording of `z.fromJSONSchema`'s issues can say more, from what the field is. */
function betterMessage(issue: z.core.$ZodIssue, model: FormField, language: MessageLanguage): string | undefined {
  const field = fieldAt(model, issue.path.map(String))
  if (!field) return undefined
  const say = (key: string, params?: Record<string, string | number>) => formatMessage(language, key, params)
  const given = issue.input !== undefined
  if (!given && ['invalid_value', 'invalid_union', 'invalid_type'].includes(issue.code)) return say('required')
  if (field.kind === 'enum' && given && ['invalid_union', 'invalid_value', 'invalid_type'].includes(issue.code)) {
    return say('oneOf', { values: field.options.map(String).join(', ') })
  }
  if (field.kind === 'number' && given && issue.code === 'invalid_type') {
    return typeof issue.input === 'number' && field.integer ? say('format.integer') : say('invalidType', { expected: say('expected.number') })
  }
  if (field.kind === 'text' && field.pattern && issue.code === 'invalid_format' && issue.format === 'regex') {
    const key = PATTERN_MESSAGE_KEYS[field.pattern]
    return key ? say(key) : say('format.regex', { pattern: field.pattern })
  }
  return undefined
}
