import type { ReactNode } from 'react'
import { Text } from 'react-aria-components'
import { useTranslation } from '@/i18n/use-translation'

/** A React Aria field's help (why it is there, how to fill it) and error message, in the slots that describe it. */
export function FieldNotes(props: { reason?: ReactNode; help?: ReactNode; message?: ReactNode }) {
  return (
    <>
      {(props.reason || props.help) && (
        <Text slot="description" className="form-field__help">
          {props.reason && <span className="form-field__reason">{props.reason} </span>}
          {props.help}
        </Text>
      )}
      {props.message && (
        <Text slot="errorMessage" className="form-field__error">
          {props.message}
        </Text>
      )}
    </>
  )
}

/** The mark after a required field's label ("required", "obligatoire"). */
export function RequiredMark(props: { required: boolean }) {
  const { t } = useTranslation()
  if (!props.required) return null
  return (
    <>
      {' '}
      <span className="form-field__required">{t('createRequest.form.required')}</span>
    </>
  )
}
