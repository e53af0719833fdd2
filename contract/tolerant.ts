import { z } from 'zod/mini'

/**
 * Reading what an operator answers (docs/decisions/0028-tolerant-reader.md, STYLE.md "the tolerant reader"): a list is
 * read element by element, so that one element the contract cannot read is one element marked unreadable, never a
 * failed page.
 */

/** An element of a list answer that could not be read: where it was, its `id` and `name` when it had them. */
export interface UnreadableRow {
  unreadable: true
  index: number
  id?: string
  name?: string
  /** What the contract found wrong, for the console and support; never shown as the only explanation. */
  problem: string
}

export type Row<T> = T | UnreadableRow

export function isUnreadable<T>(row: Row<T>): row is UnreadableRow {
  return typeof row === 'object' && row !== null && (row as { unreadable?: unknown }).unreadable === true
}

function textOf(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field.length > 0 ? field.slice(0, 200) : typeof field === 'number' ? String(field) : undefined
}

/**
 * A JSON array whose elements are each parsed with `item`; an element that fails becomes an `UnreadableRow`. The
 * answer itself must still be an array: anything else is not a list, and fails as a whole.
 */
export function rowsOf<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((elements): Row<z.output<T>>[] =>
      elements.map((element, index) => {
        const parsed = item.safeParse(element)
        if (parsed.success) return parsed.data
        const id = textOf(element, 'id')
        const name = textOf(element, 'name')
        const issue = parsed.error.issues[0]
        return {
          unreadable: true as const,
          index,
          ...(id === undefined ? {} : { id }),
          ...(name === undefined ? {} : { name }),
          problem: issue ? `${issue.path.join('.') || '(element)'}: ${issue.message}` : 'unreadable',
        }
      }),
    ),
  )
}
