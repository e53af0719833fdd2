import { catalogItemTitle, type CatalogItem } from '@contract/catalog'

/**
 * A type's name in the person's language (the catalog read with `catalogQueries.all`), or its code while the catalog
 * is unknown or when it lists no such type: wherever a type is shown, the person reads its name (docs/decisions/0025).
 * An item without a name is named by its type (docs/decisions/0030-forms-for-any-catalog.md).
 */
export function typeNamer(items: readonly CatalogItem[] | undefined): (type: string) => string {
  const names = new Map(items?.flatMap((item) => (item.type ? [[item.type, catalogItemTitle(item)] as const] : [])))
  return (type) => names.get(type) ?? type
}

/** The catalog's types, each with its name, for a filter: items that name no type cannot be filtered on. */
export function catalogTypes(items: readonly CatalogItem[]): { type: string; name: string }[] {
  return items.flatMap((item) => (item.type ? [{ type: item.type, name: catalogItemTitle(item) }] : []))
}
