/**
 * What a person did on a form of the gateway's first view before the page's code came (docs/decisions/0026-first-view.md,
 * "A form that works before its code"). Such a form is the HTML's own: its fields take input, and a
 * send pressed then is held by the early start (src/lib/early-start.ts) and said on the form. The page does not hydrate
 * it: it reads here what was typed, ticked, focused and asked, then renders its own form in its place, which takes it
 * all (the creation form's `useInputBeforeCode`). Nothing typed is lost, and a held send is made once.
 */

import { EARLY_START_KEYS } from './early-start'

/** Marks a form of the first view that takes input before the page's code (the server's render sets it). */
export const BEFORE_CODE_ATTRIBUTE = EARLY_START_KEYS.formBeforeCode
/** Set on that form by the early start when a send was pressed before the code came. */
const SEND_HELD_ATTRIBUTE = EARLY_START_KEYS.sendHeld
/** The form's live region, whose attribute of this name is the sentence the early start puts in it when it holds a send. */
export const SEND_HELD_NOTE = EARLY_START_KEYS.sendHeldNote

/** True where the page is rendered for the gateway's first view: there is no document on the server. */
export const renderingFirstView = typeof document === 'undefined'

export interface ViewInput {
  /** Each field the person changed, by its name: its text, its choice, or whether it is ticked. */
  values: Record<string, string | boolean>
  /** The field that had the focus, and the text it had selected. */
  focus?: { name: string; start: number | null; end: number | null }
  /** A send was pressed before the code came. */
  sendHeld: boolean
  /** The locale the form was written in (`data-locale`): dates typed on it are read in its order of day and month. */
  locale?: string
}

let captured: { input: ViewInput; at: string } | null = null

/** Reads what the person did on the view's form, for `takeViewInput`; call it just before the page renders over it. */
export function captureViewInput(root: ParentNode): void {
  const form = root.querySelector<HTMLFormElement>(`form[${BEFORE_CODE_ATTRIBUTE}]`)
  if (!form) return
  const values: ViewInput['values'] = {}
  for (const element of Array.from(form.elements)) {
    if (!('name' in element) || typeof element.name !== 'string' || element.name === '') continue
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked !== element.defaultChecked) values[element.name] = element.type === 'checkbox' ? element.checked : element.value
      } else if (element.type !== 'file' && element.type !== 'hidden' && element.value !== element.defaultValue) values[element.name] = element.value
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) values[element.name] = element.value
    } else if (element instanceof HTMLSelectElement) {
      const chosen = element.selectedOptions[0]
      if (chosen && chosen.index !== defaultIndex(element)) values[element.name] = element.value
    }
  }
  const active = document.activeElement
  const focus =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement
      ? form.contains(active) && active.name
        ? { name: active.name, ...selectionOf(active) }
        : undefined
      : undefined
  captured = { input: { values, focus, sendHeld: form.hasAttribute(SEND_HELD_ATTRIBUTE), locale: form.dataset.locale }, at: window.location.href }
}

/** What was captured, once, and only by a form at the address it was typed at: the form that takes it is the only reader. */
export function takeViewInput(): ViewInput | null {
  const taken = captured
  captured = null
  return taken && taken.at === window.location.href ? taken.input : null
}

/** The option a select shows when none is marked selected in the HTML: its first. */
function defaultIndex(select: HTMLSelectElement): number {
  const marked = Array.from(select.options).findIndex((option) => option.defaultSelected)
  return marked < 0 ? 0 : marked
}

function selectionOf(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): { start: number | null; end: number | null } {
  if (element instanceof HTMLSelectElement) return { start: null, end: null }
  try {
    return { start: element.selectionStart, end: element.selectionEnd }
  } catch {
    // Inputs without a selection (email, number) throw in some browsers.
    return { start: null, end: null }
  }
}
