import type { ReactNode } from 'react'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type ComboBoxProps } from 'react-aria-components'
import { useController, useFormContext } from 'react-hook-form'
import { fieldId } from '../form/field-id'
import { FieldNotes, RequiredMark } from './field-notes'

/** One choice of a combobox: its key (what the field holds), the text it is found by, and what the list shows. */
export interface ComboOption {
  id: string
  textValue: string
  content: ReactNode
}

interface ComboFieldProps extends Omit<ComboBoxProps<ComboOption>, 'children' | 'items' | 'defaultItems' | 'id' | 'className'> {
  name: string
  label: string
  required: boolean
  options: readonly ComboOption[]
  /** The name of the button that opens the list; no button where there is nothing to open. */
  buttonLabel: string | undefined
  autoComplete: string
  help?: ReactNode
  message?: string
  reason?: string
  counter?: ReactNode
}

/**
 * The markup the form's comboboxes share (the contract, the country, the request to cancel): React Aria's combobox as
 * a form field, with its label and required mark, its input and button, its notes and its list of options. How the
 * field holds its value is the caller's (`useTypedCombo`, or chosen by key).
 */
export function ComboField({ name, label, required, options, buttonLabel, autoComplete, help, message, reason, counter, ...comboBox }: ComboFieldProps) {
  return (
    <ComboBox
      {...comboBox}
      id={fieldId(name)}
      className="form-field"
      // `defaultItems`, not `items`: React Aria filters only the items it is not given already filtered.
      defaultItems={options}
      isInvalid={Boolean(message)}
      isRequired={required}
      validationBehavior="aria"
    >
      <Label>
        {label}
        <RequiredMark required={required} />
      </Label>
      <div className="combo-field">
        <Input className="combo-field__input" autoComplete={autoComplete} />
        {buttonLabel !== undefined && (
          <Button className="combo-field__button" aria-label={buttonLabel}>
            ▾
          </Button>
        )}
      </div>
      {counter}
      <FieldNotes reason={reason} help={help} message={message} />
      <Popover className="combo-field__popover" placement="bottom start">
        <ListBox className="combo-field__list">
          {(option: ComboOption) => (
            <ListBoxItem id={option.id} textValue={option.textValue} className="combo-field__option">
              {option.content}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

/** A combobox whose text is the value (a contract number, a request id): typed freely, or filled by choosing an option. */
export function useTypedCombo(name: string) {
  const { control } = useFormContext()
  const { field } = useController({ control, name })
  const value = typeof field.value === 'string' ? field.value : ''
  return {
    allowsCustomValue: true,
    inputValue: value,
    onInputChange: field.onChange,
    onChange: (key: unknown) => {
      if (key !== null) field.onChange(String(key))
    },
    onBlur: field.onBlur,
  }
}
