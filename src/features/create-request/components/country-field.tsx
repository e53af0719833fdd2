import { useMemo } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { countryNames } from '@/lib/format'
import { ComboField } from './combo-field'

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
  const { language: _language, ...rest } = props
  return (
    <ComboField
      {...rest}
      options={countries.map((country) => ({ id: country.code, textValue: country.name, content: country.name }))}
      value={value || null}
      onChange={(key) => field.onChange(key === null ? '' : String(key))}
      onBlur={field.onBlur}
      menuTrigger="focus"
      buttonLabel={t('createRequest.form.showCountries')}
      autoComplete="country-name"
      help={t('createRequest.form.countryHint')}
    />
  )
}
