import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form'
import type { FieldIssue } from '@contract/error'
import { currentLanguage } from '@/i18n/i18n'
import { useTranslation } from '@/i18n/use-translation'
import { pathSegments } from '../schema/form-model'
import { entryIssues, toBody, type FormValues } from '../schema/form-values'
import { lazyBodyValidator } from '../schema/lazy-validation'
import { placeIssues, toFieldErrors } from '../schema/form-errors'
import { formLocale } from '@/lib/format'
import { sentenceFor, type Rule } from '../schema/form-sentences'
import type { ItemForm } from '../schema/item-form'
import { todayUtc } from '../today'
import { labelOf } from './label-of'

/** A message as the form says it: a sentence naming the field and what to do. */
export type SentenceOf = (issue: FieldIssue & { rule?: Rule }) => string

/**
 * The form's validation: its body checked by the item's schema and the API's rules (loaded apart, ./lazy-validation),
 * its key/value entries as typed, every issue worded as a sentence and placed on its field. A field says nothing
 * until the person changed it or sent the form: leaving an untouched field is not a mistake
 * (docs/decisions/0034-form-and-wording.md); `follow(form)` tells it which fields changed.
 */
export function useFormResolver({ model, checked }: ItemForm): {
  resolver: Resolver<FormValues>
  sentence: SentenceOf
  follow: (form: UseFormReturn<FormValues>) => () => void
  /** Called as the person sends: from then on every field speaks. */
  noteSend: () => void
} {
  const { t } = useTranslation()
  const locale = formLocale(currentLanguage())
  const today = todayUtc()
  const bodyValidator = useMemo(() => lazyBodyValidator(checked, model, today), [checked, model, today])
  // Asked for once the form is on the screen, not as it renders: its code's evaluation comes after the first paint.
  useEffect(() => void bodyValidator(), [bodyValidator])
  const entryWords = useMemo(() => ({ key: t('createRequest.form.entryKey'), value: t('createRequest.form.entryValue') }), [t])

  const sentence = useCallback<SentenceOf>(
    (issue) => sentenceFor(issue.rule ?? { kind: 'other' }, labelOf(model, pathSegments(issue.path).join('.'), entryWords), issue.message, t, locale),
    [model, t, locale, entryWords],
  )

  const changed = useRef(new Set<string>())
  const sent = useRef(false)
  const follow = useCallback((form: UseFormReturn<FormValues>) => {
    const subscription = form.watch((_, { name }) => {
      if (name) changed.current.add(name)
    })
    return () => subscription.unsubscribe()
  }, [])

  const resolver: Resolver<FormValues> = async (values, _context, options) => {
    // A send checks every field; a field's own check (on leaving it, on a change) speaks once it was changed.
    const quiet = (name: string) => !sent.current && !changed.current.has(name)
    if (options.names?.every(quiet)) return { values, errors: {} }
    const validator = await bodyValidator()
    const issues = [
      // Key/value entries are checked as typed: a value that is not the JSON it opens as never reaches the body.
      ...entryIssues(model, values).map((issue) => ({
        path: issue.path,
        message: sentence({ path: issue.path, message: t(`createRequest.form.entry.${issue.problem}`) }),
      })),
      ...(validator?.validate(toBody(model, values), currentLanguage()) ?? []).map((issue) => ({ path: issue.path, message: sentence(issue) })),
    ]
    if (issues.length === 0) return { values, errors: {} }
    const { placed, unplaced } = placeIssues(issues, model)
    return { values: {}, errors: toFieldErrors(placed, unplaced) as FieldErrors<FormValues> }
  }
  const noteSend = useCallback(() => {
    sent.current = true
  }, [])
  return { resolver, sentence, follow, noteSend }
}
