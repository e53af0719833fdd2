import { catalogItemTitle, type CatalogItem } from '@contract/catalog'
import type { TFunction } from '@/i18n/translator'
import { readableCode } from '@contract/code-label'

/**
 * A type's name in the person's language (the catalog read with `catalogQueries.all`); when the catalog could not be
 * read or lists no such type, a label made from its code (`C_BVPN_SITE` → "C BVPN site", `readableCode`): the code
 * itself is never the text, only the tooltip (docs/decisions/0025-list-views.md, amended 2026-11-27). An item without
 * a name is named by its type (docs/decisions/0030-forms-for-any-catalog.md).
 */
export function typeNamer(items: readonly CatalogItem[] | undefined): (type: string) => string {
  const names = new Map(items?.flatMap((item) => (item.type ? [[item.type, catalogItemTitle(item)] as const] : [])))
  return (type) => names.get(type) ?? readableCode(type)
}

/** What a page knows of the types' names: the place of a type shows a still placeholder while `pending`, never a code. */
export interface TypeNames {
  /** The catalog has not answered yet (nor failed): no type can be named yet. */
  pending: boolean
  /** `typeNamer`'s name: for a file, or once `pending` is over. */
  name: (type: string) => string
}

/** The names of the catalog query as it stands (`useQuery(catalogQueries.all(language))`). */
export function typeNames(catalog: { data?: readonly CatalogItem[]; isPending: boolean }): TypeNames {
  return { pending: catalog.isPending, name: typeNamer(catalog.data) }
}

/**
 * For a text that cannot hold `TypeName`'s placeholder (a filter's chip, a group's title): short words while the
 * catalog is read ("loading…"), then the name.
 */
export function typeText(t: TFunction, names: TypeNames): (type: string) => string {
  return names.pending ? () => t('app.typePending.short') : names.name
}

/** The catalog's types, each with its name, for a filter: items that name no type cannot be filtered on. */
export function catalogTypes(items: readonly CatalogItem[]): { type: string; name: string }[] {
  return items.flatMap((item) => (item.type ? [{ type: item.type, name: catalogItemTitle(item) }] : []))
}
