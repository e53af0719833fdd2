import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { fieldId } from '../form/field-id'
import { FieldNotes } from './field-notes'

/**
 * The contract, chosen from the person's contracts (GET /me) with React Aria's combobox; typing another number
 * stays possible, and the API judges it (docs/decisions/0014-creation-forms.md). Without contracts (/me not answered,
 * failed, or listing none) the same field is typed, with nothing to open (docs/decisions/0030-forms-for-any-catalog.md).
 */
export function ContractField(props: {
  name: string
  label: string
  required: boolean
  contracts: readonly { number: string; name: string }[]
  help?: string
  message?: string
  reason?: string
  counter?: React.ReactNode
}) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { field } = useController({ control, name: props.name })
  const value = typeof field.value === 'string' ? field.value : ''
  return (
    <ComboBox
      id={fieldId(props.name)}
      className="form-field"
      items={props.contracts.map((contract) => ({ id: contract.number, ...contract }))}
      allowsCustomValue
      inputValue={value}
      onInputChange={field.onChange}
      onChange={(key) => {
        if (key !== null) field.onChange(String(key))
      }}
      onBlur={field.onBlur}
      isInvalid={Boolean(props.message)}
      isRequired={props.required}
      validationBehavior="aria"
    >
      <Label>
        {props.label}
        {props.required && (
          <>
            {' '}
            <span className="form-field__required">{t('createRequest.form.required')}</span>
          </>
        )}
      </Label>
      <div className="combo-field">
        <Input className="combo-field__input" autoComplete="off" />
        {props.contracts.length > 0 && (
          <Button className="combo-field__button" aria-label={t('createRequest.form.showContracts')}>
            ▾
          </Button>
        )}
      </div>
      {props.counter}
      <FieldNotes reason={props.reason} help={props.help} message={props.message} />
      <Popover className="combo-field__popover" placement="bottom start">
        <ListBox className="combo-field__list">
          {(contract: { id: string; number: string; name: string }) => (
            <ListBoxItem id={contract.id} textValue={contract.number} className="combo-field__option">
              <strong>{contract.number}</strong> <span>{contract.name}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
