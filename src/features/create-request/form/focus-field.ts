import { fieldId } from './field-id'

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, [role="spinbutton"], button'

/** The element a field's name leads to: its control, or the first control inside its group (date segments, a list). */
export function controlOf(name: string, root: ParentNode = document): HTMLElement | null {
  const element = root.querySelector<HTMLElement>(`#${CSS.escape(fieldId(name.replace(/\.root$/, '')))}`)
  if (!element) return null
  if (element.matches('input, select, textarea')) return element
  return element.querySelector<HTMLElement>(FOCUSABLE) ?? element
}

/** Puts the focus on a field and brings it into view: the error summary's links and a refused send use it. */
export function focusField(name: string, root: ParentNode = document): boolean {
  const control = controlOf(name, root)
  if (!control) return false
  control.focus()
  control.scrollIntoView?.({ block: 'center' })
  return true
}

/** Field names in the order their controls appear on the page; names without a control go last, in their order. */
export function inPageOrder<T extends { name: string }>(entries: readonly T[], root: ParentNode = document): T[] {
  const position = new Map(entries.map((entry) => [entry, controlOf(entry.name, root)]))
  return [...entries].sort((a, b) => {
    const [x, y] = [position.get(a), position.get(b)]
    if (!x || !y) return x ? -1 : y ? 1 : 0
    return x === y ? 0 : x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1
  })
}
