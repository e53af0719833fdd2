/**
 * A group of checkboxes sharing one name, under a legend: a filter that takes several values at once (the list's and
 * the dashboard's statuses). The form reads it as `formData.getAll(name)`.
 */
export function CheckGroup({
  legend,
  name,
  options,
  checked,
  className,
}: {
  legend: string
  name: string
  options: readonly { value: string; label: string }[]
  checked: readonly string[]
  className?: string
}) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {options.map(({ value, label }) => (
        <label key={value} className="check">
          <input type="checkbox" name={name} value={value} defaultChecked={checked.includes(value)} /> {label}
        </label>
      ))}
    </fieldset>
  )
}
