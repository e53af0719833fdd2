import type { FieldIssue } from '@contract/error'
import { fieldAt, pathSegments, type FormField } from './form-model'

/** An issue placed on the form: `name` is the form field's name (`properties.options.vlans.0.label`). */
export interface PlacedIssue {
  name: string
  message: string
}

/**
 * Puts each issue (from the form's own validation or an API answer's `fields`) on the field it concerns:
 * a group's own issue (a list too short, an object missing) goes to `<group>.root`; an issue about a file's
 * name or content to the files field; one about something the form does not show (a hidden fixed type, a
 * field the item does not describe) stays `unplaced`, for the summary.
 */
export function placeIssues(issues: readonly FieldIssue[], model: FormField): { placed: PlacedIssue[]; unplaced: FieldIssue[] } {
  const placed: PlacedIssue[] = []
  const unplaced: FieldIssue[] = []
  for (const issue of issues) {
    const segments = pathSegments(issue.path)
    let depth = segments.length
    let field = fieldAt(model, segments)
    while (!field && depth > 0) field = fieldAt(model, segments.slice(0, --depth))
    const name = segments.slice(0, depth).join('.')
    if (!field || field.kind === 'const' || name === '') {
      unplaced.push(issue)
      continue
    }
    if (field.kind === 'files') {
      const filesName = segments.slice(0, field.path.length).join('.')
      placed.push({ name: `${filesName}.root`, message: issue.message })
    } else if (field.kind === 'object' || field.kind === 'array' || field.kind === 'map') {
      placed.push({ name: `${name}.root`, message: issue.message })
    } else {
      placed.push({ name, message: issue.message })
    }
  }
  return { placed, unplaced }
}

/** A react-hook-form errors object from placed issues (first message of each field wins). */
export function toFieldErrors(placed: readonly PlacedIssue[], unplaced: readonly FieldIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {}
  for (const { name, message } of placed) setIn(errors, name.split('.'), { type: 'validate', message })
  if (unplaced.length > 0) errors.root = { type: 'unplaced', message: unplaced.map((issue) => `${issue.path} ${issue.message}`).join('; ') }
  return errors
}

function setIn(target: Record<string, unknown>, segments: readonly string[], value: unknown) {
  let node = target
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment]
    if (typeof next !== 'object' || next === null) node[segment] = {}
    node = node[segment] as Record<string, unknown>
  }
  const last = segments.at(-1)!
  node[last] ??= value
}
