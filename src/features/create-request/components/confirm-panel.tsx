import { useId, type ReactNode } from 'react'

/**
 * A question the form asks before going on (terminate? cancel? leave?): an `alertdialog` in the page, its first
 * answer focused. It stays in the page's flow rather than over it, so nothing typed is hidden while deciding.
 */
export function ConfirmPanel(props: {
  title: string
  body: ReactNode
  confirm: string
  cancel: string
  onConfirm: () => void
  onCancel: () => void
  /** The confirming answer first and red (an order ended), or "stay" first (leaving a form). */
  tone: 'danger' | 'stay'
  disabled?: boolean
}) {
  const id = useId()
  const confirm = (
    <button
      key="confirm"
      type="button"
      className={props.tone === 'danger' ? 'button button--danger' : 'button button--secondary'}
      disabled={props.disabled}
      autoFocus={props.tone === 'danger'}
      onClick={props.onConfirm}
    >
      {props.confirm}
    </button>
  )
  const cancel = (
    <button
      key="cancel"
      type="button"
      className={props.tone === 'danger' ? 'button button--secondary' : 'button'}
      autoFocus={props.tone === 'stay'}
      onClick={props.onCancel}
    >
      {props.cancel}
    </button>
  )
  return (
    <div className="card form-confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p id={`${id}-body`}>{props.body}</p>
      <div className="form-actions">{props.tone === 'danger' ? [confirm, cancel] : [cancel, confirm]}</div>
    </div>
  )
}
