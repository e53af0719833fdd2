import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { Request } from '@contract/request'
import { prefillFrom, uniqueReference, type RequestAction } from '../choose-item'
import { renderingFirstView } from '@/lib/view-input'
import { readDraft, removeDraft, saveDraft } from '../drafts'
import type { FormField } from '../schema/form-model'
import { valuesFrom, withoutFiles, type FormValues } from '../schema/form-values'

/** Where a form starts: its draft when there is one, else what the request it acts on gives, with a reference. */
export interface FormStart {
  values: FormValues
  /** The values of a fresh form (no draft), made again at each call: a new reference each time. */
  fresh: () => FormValues
  /** The buyer's own reference (their PO number) is kept when resubmitting; otherwise one is made up. */
  keptReference: boolean
  restoredAt?: string
}

/** The form's first values, read once (the page gives the form a `key` per draft). */
export function useFormStart(key: string, model: FormField, action?: RequestAction, source?: Request): FormStart {
  const [start] = useState(() => {
    const known = source && action ? prefillFrom(action, source) : {}
    const keptReference = typeof known.customerReference === 'string' && known.customerReference !== ''
    // The gateway's form makes up no reference: the page's would differ, and a send without one gets one made up (0014).
    const madeUp = () => (renderingFirstView ? '' : uniqueReference())
    const fresh = () => valuesFrom(model, { ...known, customerReference: keptReference ? known.customerReference : madeUp() }) as FormValues
    const draft = readDraft(key)
    return { fresh, keptReference, values: draft ? (valuesFrom(model, draft.values) as FormValues) : fresh(), restoredAt: draft?.savedAt }
  })
  return start
}

/**
 * The form's draft (docs/decisions/0014-creation-forms.md): saved as the person types, so a reload, a closed tab or an
 * expired sign-in loses nothing (no token, no file); dropped once the request is sent (`markSent`) or on start over.
 */
export function useFormDraft(key: string, model: FormField, form: UseFormReturn<FormValues>, start: FormStart) {
  const sent = useRef(false)
  const [restoredAt, setRestoredAt] = useState(start.restoredAt)
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (!sent.current) saveDraft(key, withoutFiles(model, values) as FormValues)
      },
    })
  }, [form, key, model])
  const startOver = () => {
    removeDraft(key)
    setRestoredAt(undefined)
    form.reset(start.fresh())
  }
  const markSent = () => {
    sent.current = true
    removeDraft(key)
  }
  /** Read when someone leaves: a form that was just sent lets the person go. */
  const isUnsent = () => !sent.current
  return { restoredAt, startOver, markSent, isUnsent }
}
