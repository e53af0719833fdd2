import type { Ref } from 'react'
import './filter-chips.css'

/**
 * The filters in force on one line, each a button that removes it ("Remove filter Status: Rejected"), and a reset:
 * the folded form of the list's and the dashboard's filters. The region can take the focus (`ref`): after a change
 * of filters the page moves it here, so that it is not lost with the button that was pressed.
 */
export function FilterChips({
  ref,
  ...props
}: {
  ref?: Ref<HTMLElement>
  id: string
  title: string
  chips: readonly { key: string; label: string; onRemove: () => void }[]
  none: string
  removeLabel: (label: string) => string
  reset: string
  onReset: () => void
}) {
  return (
    <section ref={ref} aria-labelledby={props.id} className="active-filters" tabIndex={-1}>
      <h2 id={props.id} className="visually-hidden">
        {props.title}
      </h2>
      {props.chips.length === 0 ? (
        <p className="muted active-filters__none">{props.none}</p>
      ) : (
        <>
          <ul className="chips">
            {props.chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" className="chip" aria-label={props.removeLabel(chip.label)} onClick={chip.onRemove}>
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--small button--secondary" onClick={props.onReset}>
            {props.reset}
          </button>
        </>
      )}
    </section>
  )
}

/** The button that unfolds the filter form `controls` (the `/` shortcut finds it: src/app/shell/keyboard-shortcuts.ts). */
export function EditFiltersButton({ controls, open, onToggle, children }: { controls: string; open: boolean; onToggle: () => void; children: string }) {
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      aria-expanded={open}
      aria-controls={controls}
      data-shortcut="filters"
      onClick={onToggle}
    >
      {children}
    </button>
  )
}
