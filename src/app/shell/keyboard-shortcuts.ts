import { useEffect } from 'react'

/** The element a page marks as where `/` leads (the list's search or filters). */
export const FILTERS_SHORTCUT_SELECTOR = '[data-shortcut="filters"]'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/** A key pressed while typing belongs to the field: in an input, a text area, a select or editable content. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]') !== null
}

/** Focuses the page's filters (or the first thing that takes focus inside them); false when the page has none. */
export function focusFilters(root: ParentNode = document): boolean {
  const marked = root.querySelector<HTMLElement>(FILTERS_SHORTCUT_SELECTOR)
  if (!marked) return false
  const target = marked.matches(FOCUSABLE) ? marked : (marked.querySelector<HTMLElement>(FOCUSABLE) ?? marked)
  target.focus()
  return document.activeElement === target
}

/**
 * The console's keyboard shortcuts: `/` goes to the list's search or filters, `?` shows the shortcuts. None fires
 * while the person types in a field, nor with Ctrl, Alt or Meta (the browser's own shortcuts). Each has a visible
 * control too: the header's "Keyboard shortcuts" button, and the filters themselves.
 */
export function useKeyboardShortcuts(showShortcuts: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return
      if (isTyping(event.target)) return
      if (event.key === '/') {
        if (focusFilters()) event.preventDefault()
      } else if (event.key === '?') {
        event.preventDefault()
        showShortcuts()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [showShortcuts])
}
