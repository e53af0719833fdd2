import type { CatalogItem } from '@contract/catalog'
import { requestKindOf } from '../item-kind'
import { readFormModel, type FormField } from './form-model'
import { genericFormSchema, type GenericFormWords } from './generic-form'

/**
 * The form the item's own schema gives, or undefined when there is none to build: no schema, or one whose root
 * names no field to fill. Such an item gets the generic form of its kind (./generic-form.ts,
 * docs/decisions/0030-forms-for-any-catalog.md).
 */
export function schemaFormOf(item: Pick<CatalogItem, 'schema'>): (FormField & { kind: 'object' }) | undefined {
  if (!item.schema) return undefined
  try {
    const model = readFormModel(item.schema)
    return model.children.some((child) => child.kind !== 'const') ? model : undefined
  } catch {
    return undefined
  }
}

/** A form's model and what its body is checked against: the item's own schema, or the generic schema of its kind. */
export interface ItemForm {
  model: FormField & { kind: 'object' }
  /** Given to `createBodyValidator` (./form-validation.ts) or `lazyBodyValidator` (./lazy-validation.ts). */
  checked: { variant?: string; schema?: unknown }
}

/**
 * The form of a catalog item, as the page builds it (docs/decisions/0030-forms-for-any-catalog.md): any other feature
 * that checks request bodies as the form does (an import of many requests) builds it with this, then checks each body
 * with `createBodyValidator(checked, model, today)`, whose rules include the 7-day requested date and the 18- and
 * 10-character reference and contract.
 */
export function formModelOf(item: CatalogItem, words: GenericFormWords): ItemForm {
  const own = schemaFormOf(item)
  if (own) return { model: own, checked: { variant: item.variant, schema: item.schema } }
  const schema = genericFormSchema(item.type ?? item.id, requestKindOf(item), words)
  return { model: readFormModel(schema), checked: { schema } }
}
