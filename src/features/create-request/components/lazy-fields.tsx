import { useEffect, useId, useRef, useState, type ComponentProps, type ComponentType, type ReactNode, type Ref, type RefObject } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { dateDigitsPattern, formatDateDigits, parseDateDigits } from '@/lib/format'
import { useTranslation } from '@/i18n/use-translation'
import { fieldId } from '../form/field-id'
import { controlOf } from '../form/focus-field'
import type { ContractField as ContractControl } from './contract-field'
import type { CountryField as CountryControl } from './country-field'
import type { DateField as DateControl } from './date-field'
import type { RequestIdField as RequestIdControl } from './request-id-field'
import type { FormField } from '../schema/form-model'
import { FieldNotes, RequiredMark } from './field-notes'

/**
 * The date picker and the comboboxes of the contract, the country and the request to cancel (React Aria's DatePicker,
 * calendar and ComboBox, react-stately and
 * `@internationalized/date`: most of the form's JavaScript) in chunks of their own, asked for once the form is on the
 * page, so that the form renders without them (docs/decisions/0024-delivery.md). Until they come, each field is
 * a native input with the same label, value, help and message: the contract and the date can be typed (the date in the
 * person's format). A field focused while its control loads hands the focus on to it. These are what a first view's
 * form shows before the page's code (src/lib/view-input.ts): each carries its field's name.
 */
type Controls = {
  DateField: typeof DateControl
  ContractField: typeof ContractControl
  CountryField: typeof CountryControl
  RequestIdField: typeof RequestIdControl
}

let controls: Controls | undefined
let loading: Promise<Controls> | undefined

/** Loads the fields' controls once (again after a failed load); resolves when they are there. */
export function loadFieldControls(): Promise<Controls> {
  loading ??= Promise.all([import('./date-field'), import('./contract-field'), import('./country-field'), import('./request-id-field')]).then(
    ([date, contract, country, requestId]) =>
      (controls = {
        DateField: date.DateField,
        ContractField: contract.ContractField,
        CountryField: country.CountryField,
        RequestIdField: requestId.RequestIdField,
      }),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The controls once loaded, and whether the placeholder had the focus when they came. */
function useControls(placeholder: RefObject<HTMLInputElement | null>) {
  const [state, setState] = useState(() => ({ controls, hadFocus: false }))
  useEffect(() => {
    if (state.controls) return
    let current = true
    const load = () =>
      loadFieldControls().then(
        (loaded) => {
          if (current) setState({ controls: loaded, hadFocus: placeholder.current !== null && document.activeElement === placeholder.current })
        },
        // Offline or a failed load: the placeholder stays, and the next connection tries again.
        () => window.addEventListener('online', load, { once: true }),
      )
    void load()
    return () => {
      current = false
      window.removeEventListener('online', load)
    }
  }, [state.controls, placeholder])
  return state
}

/** Hands the focus the placeholder had to the loaded control (its first segment, its input). */
function useFocusHandOver(name: string, hadFocus: boolean) {
  useEffect(() => {
    if (!hadFocus) return
    const control = controlOf(name)
    control?.focus()
    if (control instanceof HTMLInputElement) control.setSelectionRange(control.value.length, control.value.length)
  }, [name, hadFocus])
}

/**
 * A field whose control loads apart: the control once loaded, handed the focus its placeholder had; the placeholder,
 * with the same label, value, help and message, until then.
 */
function lazyControl<P extends { name: string }>(
  controlOf: (loaded: Controls) => ComponentType<P>,
  Placeholder: ComponentType<P & { ref: Ref<HTMLInputElement> }>,
) {
  return function LazyField(props: P) {
    const placeholder = useRef<HTMLInputElement>(null)
    const { controls: loaded, hadFocus } = useControls(placeholder)
    useFocusHandOver(props.name, loaded !== undefined && hadFocus)
    if (!loaded) return <Placeholder {...props} ref={placeholder} />
    const Control = controlOf(loaded)
    return <Control {...props} />
  }
}

function DatePlaceholder({ ref, ...props }: ComponentProps<typeof DateControl> & { ref: Ref<HTMLInputElement> }) {
  const { t } = useTranslation()
  const labelId = useId()
  const { control } = useFormContext()
  const { field } = useController({ control, name: props.name })
  const letters = {
    day: t('createRequest.form.dateLetters.day'),
    month: t('createRequest.form.dateLetters.month'),
    year: t('createRequest.form.dateLetters.year'),
  }
  // What the person types, in their format; the form holds the date once it is whole (the picker's rule).
  const [typed, setTyped] = useState<string>()
  const shown = typed ?? (typeof field.value === 'string' ? formatDateDigits(field.value, props.locale) : '')
  // Labelled as React Aria labels its date picker (a span naming the control), so that the label looks the same.
  return (
    <div className="form-field" data-invalid={props.message ? true : undefined}>
      <span id={labelId}>
        {props.label}
        <RequiredMark required={props.required} />
      </span>
      <input
        ref={ref}
        id={fieldId(props.name)}
        name={props.name}
        value={shown}
        onChange={(event) => {
          setTyped(event.target.value)
          field.onChange(parseDateDigits(event.target.value, props.locale) ?? '')
        }}
        onBlur={field.onBlur}
        inputMode="numeric"
        autoComplete="off"
        placeholder={dateDigitsPattern(props.locale, letters)}
        aria-labelledby={labelId}
        aria-required={props.required || undefined}
        aria-invalid={props.message ? true : undefined}
      />
      <FieldNotes reason={props.reason} help={props.help} message={props.message} />
    </div>
  )
}

/** A text input holding a combobox's place, with its label, value, counter and message, until the combobox is loaded. */
function TextPlaceholder({
  ref,
  ...props
}: {
  ref: Ref<HTMLInputElement>
  name: string
  label: string
  required: boolean
  help?: string
  message?: string
  reason?: string
  counter?: ReactNode
}) {
  const inputId = useId()
  const { control } = useFormContext()
  const { field } = useController({ control, name: props.name })
  return (
    <div id={fieldId(props.name)} className="form-field" data-invalid={props.message ? true : undefined}>
      <label htmlFor={inputId}>
        {props.label}
        <RequiredMark required={props.required} />
      </label>
      <div className="combo-field">
        <input
          ref={ref}
          id={inputId}
          name={props.name}
          className="combo-field__input"
          autoComplete="off"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-required={props.required || undefined}
          aria-invalid={props.message ? true : undefined}
        />
      </div>
      {props.counter}
      <FieldNotes reason={props.reason} help={props.help} message={props.message} />
    </div>
  )
}

/** A country field: a two-letter code in the body (reference 1, `address.country`), whatever the schema calls it. */
export function isCountryField(field: FormField, name: string): boolean {
  return field.kind === 'text' && /(^|\.)country$/.test(name) && (field.pattern === undefined || field.pattern === '^[A-Z]{2}$')
}

/** A date field: React Aria's date picker once loaded, the date in the person's format until then. */
export const DateField = lazyControl((loaded) => loaded.DateField, DatePlaceholder)

/** The contract: React Aria's combobox of the person's contracts once loaded, a text input until then. */
export const ContractField = lazyControl((loaded) => loaded.ContractField, TextPlaceholder)

/** A country chosen by its name once the combobox is loaded; its code typed until then. */
export const CountryField = lazyControl((loaded) => loaded.CountryField, TextPlaceholder)

/** The request to cancel, chosen from the person's open requests once the combobox is loaded; its id typed until then. */
export const RequestIdField = lazyControl((loaded) => loaded.RequestIdField, TextPlaceholder)
