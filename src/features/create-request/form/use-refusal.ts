import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { FieldIssue } from '@contract/error'
import type { ApiError } from '@/lib/api-error'
import type { FormField } from '../schema/form-model'
import type { FormValues } from '../schema/form-values'
import { placeIssues } from '../schema/form-errors'
import type { SentenceOf } from './use-form-resolver'

/** 422 business codes that concern one field (docs/decisions/0004-error-codes.md). */
const FIELD_OF_CODE: Record<number, string> = {
  102: 'contract',
  103: 'requestId',
  104: 'requestId',
  105: 'properties.servicePoint.id',
  106: 'properties.servicePoint.id',
  107: 'requestId',
}

/** What the API refused, and the issues no field of the form holds (said in the summary). */
export interface Refusal {
  error: ApiError
  unplaced: FieldIssue[]
}

/** The API's refusal of a send, placed on the fields it names (or the field its business code concerns), the rest kept for the summary. */
export function useRefusal(form: UseFormReturn<FormValues>, model: FormField, sentence: SentenceOf) {
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const showRefusal = (error: ApiError) => {
    const code = error.code ?? -1
    const issues: FieldIssue[] =
      error.fields.length > 0 ? error.fields : FIELD_OF_CODE[code] ? [{ path: FIELD_OF_CODE[code], message: error.description ?? error.message }] : []
    const { placed, unplaced } = placeIssues(
      issues.map((issue) => ({ path: issue.path, message: sentence(issue) })),
      model,
    )
    for (const issue of placed) form.setError(issue.name, { type: 'server', message: issue.message })
    setRefusal({ error, unplaced: unplaced.map((issue) => issues.find((original) => original.path === issue.path) ?? issue) })
  }
  return { refusal, showRefusal, clearRefusal: () => setRefusal(null) }
}
