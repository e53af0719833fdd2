import type { CatalogItem } from '@contract/catalog'

/**
 * A type's name in the person's language (the catalog read with `catalogQueries.all`), or its code while the catalog
 * is unknown or when it lists no such type: wherever a type is shown, the person reads its name (docs/decisions/0025).
 */
export function typeNamer(items: readonly CatalogItem[] | undefined): (type: string) => string {
  const names = new Map(items?.map((item) => [item.type, item.name]))
  return (type) => names.get(type) ?? type
}
