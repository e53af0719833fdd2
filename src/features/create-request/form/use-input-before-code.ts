import { useLayoutEffect, type RefObject } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { formatDateDigits, parseDateDigits } from '@/lib/format'
import { takeViewInput } from '@/lib/view-input'
import { fieldAt, pathSegments, type FormField } from '../schema/form-model'
import type { FormValues } from '../schema/form-values'

/**
 * Takes over what the person did on the gateway's form before the page's code came (src/lib/view-input.ts;
 * docs/decisions/0026-first-view.md, "A form that works before its code"): every field typed, chosen or ticked,
 * before the form's first paint; the focus and the text selected; and a send pressed then, made now, once. A date
 * typed in a form the page cannot read is said at its field, with the text typed, rather than dropped.
 */
export function useInputBeforeCode(form: UseFormReturn<FormValues>, model: FormField, locale: string, element: RefObject<HTMLFormElement | null>) {
  const { t } = useTranslation()
  // Before the first paint: the typed values never give way to the start values on screen.
  useLayoutEffect(() => {
    const input = takeViewInput()
    if (!input) return
    // Read in the order the gateway's form showed (its locale may not be the browser's); an example given in the order
    // of the page's own date field, where the person types next.
    const typedIn = input.locale ?? locale
    const unread: string[] = []
    for (const [name, value] of Object.entries(input.values)) {
      const field = fieldAt(model, pathSegments(name))
      if (!field) continue
      if (field.kind === 'text' && field.format === 'date' && typeof value === 'string') {
        const date = parseDateDigits(value, typedIn)
        form.setValue(name, date ?? '', { shouldDirty: true })
        if (date === null && value.trim() !== '') {
          unread.push(name)
          const said = { text: value.trim(), example: formatDateDigits('2027-01-31', locale) }
          const key = input.sendHeld ? 'createRequest.form.dateUnreadNotSent' : 'createRequest.form.dateUnread'
          form.setError(name, { type: 'typed', message: t(key, said) })
        }
      } else form.setValue(name, value, { shouldDirty: true })
    }
    // A send held with a date the page cannot read is not made: the date's field says so, and has the focus.
    const notSent = input.sendHeld && unread.length > 0
    const focus = notSent ? { name: unread[0]!, start: null, end: null } : input.focus
    const focused = focus && element.current?.querySelector<HTMLElement>(`[name="${CSS.escape(focus.name)}"]`)
    if (focus && focused) {
      focused.focus()
      if ((focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) && focus.start !== null) {
        try {
          focused.setSelectionRange(focus.start, focus.end ?? focus.start)
        } catch {
          // A control without a selection.
        }
      }
    }
    // The send the early start held: made as a click on the send button would, its checks and the send-once rule
    // included (0014).
    if (input.sendHeld && !notSent) element.current?.requestSubmit()
    // Once, for the form's first render: the captured input is taken as it is read.
  }, [form, model, locale, element, t])
}
