import { useMemo } from 'react'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { countryNames } from '@/lib/format'
import { fieldId } from '../form/field-id'
import { FieldNotes } from './field-notes'

/**
 * A country chosen by its name in the person's language (Intl.DisplayNames), sent as its code: React Aria's combobox,
 * filtered as the person types (docs/decisions/0034-form-and-wording.md). A code the runtime cannot name is kept
 * and shown as it is.
 */
export function CountryField(props: { name: string; label: string; required: boolean; language: string; message?: string; reason?: string }) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { field } = useController({ control, name: props.name })
  const value = typeof field.value === 'string' ? field.value : ''
  const countries = useMemo(() => {
    const known = countryNames(props.language)
    return value && !known.some((country) => country.code === value) ? [{ code: value, name: value }, ...known] : known
  }, [props.language, value])
  return (
    <ComboBox
      id={fieldId(props.name)}
      className="form-field"
      items={countries.map((country) => ({ id: country.code, name: country.name }))}
      value={value || null}
      onChange={(key) => field.onChange(key === null ? '' : String(key))}
      onBlur={field.onBlur}
      isInvalid={Boolean(props.message)}
      isRequired={props.required}
      validationBehavior="aria"
      menuTrigger="focus"
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
        <Input className="combo-field__input" autoComplete="country-name" />
        <Button className="combo-field__button" aria-label={t('createRequest.form.showCountries')}>
          ▾
        </Button>
      </div>
      <FieldNotes reason={props.reason} help={t('createRequest.form.countryHint')} message={props.message} />
      <Popover className="combo-field__popover" placement="bottom start">
        <ListBox className="combo-field__list">
          {(country: { id: string; name: string }) => (
            <ListBoxItem id={country.id} textValue={country.name} className="combo-field__option">
              {country.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
