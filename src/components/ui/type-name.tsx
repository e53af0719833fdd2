import { useTranslation } from '@/i18n/use-translation'
import type { TypeNames } from '@/lib/catalog-names'

/**
 * A request type, said by its name with its code as the tooltip. While the catalog is read, a still bar of a name's
 * width holds its place, said "Loading the type’s name…" to screen readers: a code is never the text, not even for
 * a moment (docs/decisions/0025-list-views.md, amended 2026-11-27).
 */
export function TypeName({ type, names }: { type: string; names: TypeNames }) {
  if (names.pending) return <TypePending />
  return <span title={type}>{names.name(type)}</span>
}

/** The place of a type's name (or of a few, said together) while the catalog is read. */
export function TypePending() {
  const { t } = useTranslation()
  return (
    <span className="type-pending">
      <span className="type-pending__bar" aria-hidden="true" />
      <span className="type-pending__words">{t('app.typePending.label')}</span>
    </span>
  )
}
