import type { CatalogItem } from '@contract/catalog'
import { readFormModel, type FormField } from './form-model'

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
