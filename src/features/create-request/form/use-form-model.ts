import { useMemo } from 'react'
import type { CatalogItem } from '@contract/catalog'
import { useTranslation } from '@/i18n/use-translation'
import type { GenericFormWords } from '../schema/generic-form'
import { formModelOf, type ItemForm } from '../schema/item-form'

const GENERIC_WORDS: readonly (keyof GenericFormWords)[] = [
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
]

/** The model of an item's form in the person's language (`formModelOf`), built once per item and language. */
export function useFormModel(item: CatalogItem): ItemForm {
  const { t } = useTranslation()
  return useMemo(() => {
    const words = Object.fromEntries(GENERIC_WORDS.map((name) => [name, t(`createRequest.generic.${name}`)])) as unknown as GenericFormWords
    return formModelOf(item, words)
  }, [item, t])
}
