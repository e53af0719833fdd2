import { useId } from 'react'
import type { CatalogItem } from '@contract/catalog'
import { catalogTypes } from '@/lib/catalog-names'
import { readableCode } from '@contract/code-label'

/**
 * The type filter of the list and of the dashboard: the catalog's types by name, as checkboxes; while the catalog
 * loads, the types chosen are kept as they are; without a catalog, codes can be typed (comma-separated). Whatever
 * the case, the form reads it as `formData.getAll('type')` (docs/decisions/0025).
 */
export function TypeFilter(props: {
  legend: string
  catalog: { data?: readonly CatalogItem[]; isError: boolean }
  checked: readonly string[]
  className?: string
  text: { codes: string; codesHint: string; loading: string }
}) {
  const hintId = useId()
  const { catalog, checked } = props
  const known = catalog.data ? catalogTypes(catalog.data) : []
  // A type in the URL that the catalog does not list (a withdrawn product) stays choosable, under a label made from its code.
  const choices = [...known, ...checked.filter((type) => !known.some((k) => k.type === type)).map((type) => ({ type, name: readableCode(type) }))]
  return (
    <fieldset className={props.className}>
      <legend>{props.legend}</legend>
      {catalog.isError && !catalog.data ? (
        <label className="field">
          {props.text.codes}
          <input type="text" name="type" defaultValue={checked.join(', ')} aria-describedby={hintId} autoComplete="off" spellCheck={false} />
          <span id={hintId} className="muted">
            {props.text.codesHint}
          </span>
        </label>
      ) : !catalog.data ? (
        <>
          <p className="muted">{props.text.loading}</p>
          {checked.length > 0 && <input type="hidden" name="type" value={checked.join(',')} />}
        </>
      ) : (
        <div className="filters__checks">
          {choices.map(({ type, name }) => (
            <label key={type} className="check" title={type}>
              <input type="checkbox" name="type" value={type} defaultChecked={checked.includes(type)} /> {name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
