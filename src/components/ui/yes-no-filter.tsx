/**
 * A filter on a yes/no attribute that may be left open: a select whose value is '' (any), 'true' or 'false', as the
 * list's URL writes it. The requests list and the dashboard filter the same attributes (overdue, archived) this way.
 */
export function YesNoFilter({
  label,
  name,
  value,
  any,
  yes,
  no,
}: {
  label: string
  name: string
  value: boolean | undefined
  any: string
  yes: string
  no: string
}) {
  return (
    <label className="field">
      {label}
      <select name={name} defaultValue={value === undefined ? '' : String(value)}>
        <option value="">{any}</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    </label>
  )
}
