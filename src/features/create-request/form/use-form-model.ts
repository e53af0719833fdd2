import { useMemo } from 'react'
import type { CatalogItem } from '@contract/catalog'
import { useTranslation } from '@/i18n/use-translation'
import type { GenericFormWords } from '../schema/generic-form'
import { formModelOf, type ItemForm } from '../schema/item-form'

const GENERIC_WORDS = [
  'type',
  'requestId',
  'requestIdHelp',
  'requestedAt',
  'customerReference',
  'contract',
  'comment',
  'properties',
  'propertiesHelp',
  'attachments',
] as const satisfies readonly (keyof GenericFormWords)[]

/**
 * The model of an item's form (`formModelOf`), the generic form's words (an item with no schema of its own) as the
 * creation page names them: the form's, and each row's of an order from a spreadsheet (0035).
 */
export function formModelIn(item: CatalogItem, t: (key: string) => string): ItemForm {
  const words = Object.fromEntries(GENERIC_WORDS.map((name) => [name, t(`createRequest.generic.${name}`)])) as Record<(typeof GENERIC_WORDS)[number], string>
  return formModelOf(item, words)
}

/** The model of an item's form in the person's language, built once per item and language. */
export function useFormModel(item: CatalogItem): ItemForm {
  const { t } = useTranslation()
  return useMemo(() => formModelIn(item, t), [item, t])
}
