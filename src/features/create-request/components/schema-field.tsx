import { createContext, use, useState, type ChangeEvent, type ReactNode } from 'react'
import { get, useController, useFieldArray, useFormContext, useFormState, useWatch, type UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { formatBytes } from '@/lib/format'
import { currentLanguage } from '@/i18n/i18n'
import type { FormField } from '../schema/form-model'
import { emptyValues, type ChosenFile } from '../schema/form-values'
import { formatFormDate } from '../schema/form-sentences'
import { renderingFirstView } from '@/lib/view-input'
import { fieldId } from '../form/field-id'
import { CharCounter } from './char-counter'
import { ContractField, CountryField, DateField, isCountryField, RequestIdField } from './lazy-fields'
import { FieldsInOrder, type NamedField } from './more-details'
import type { RequestCategory } from '@contract/request'

/** What some base fields of every request get besides their schema: the date picker's first day, contracts. */
export interface FieldExtras {
  /** `min` of the date picker of `requestedAt`: today + 7 days. */
  earliestDate: string
  contracts: readonly { number: string; name: string }[]
  /** The reference was generated: say why it is there. */
  generatedReference: boolean
  /** The person's locale for dates and numbers (`fr-FR`, `en-GB`). */
  locale: string
  /** Why the request being resubmitted was rejected, by the field each reason concerns (already worded). */
  reasons: Readonly<Record<string, string>>
  /** The kind of request the form sends: a cancellation chooses its `requestId` from the open requests. */
  kind?: RequestCategory
}
export const FieldExtrasContext = createContext<FieldExtras>({ earliestDate: '', contracts: [], generatedReference: false, locale: 'en-GB', reasons: {} })

/** Counters are shown for short limits (the reference's 18, the contract's 10), where every character counts. */
export const COUNTER_MAX_LENGTH = 50

const join = (name: string, key: string) => (name ? `${name}.${key}` : key)

/** Fields of every request whose rules the console says itself (docs/decisions/0014-creation-forms.md, 0034). */
const OWN_WORDS = new Set(['requestedAt', 'customerReference', 'contract', 'attachments'])

/** One field of the generated form, chosen by what the schema says it is. */
export function SchemaField({ field, name }: { field: FormField; name: string }) {
  switch (field.kind) {
    case 'const':
      return null
    case 'object':
      return <ObjectField field={field} name={name} />
    case 'array':
      return <ArrayField field={field} name={name} />
    case 'files':
      return <FilesField field={field} name={name} />
    case 'map':
      return <MapField field={field} name={name} />
    default:
      return <LeafField field={field} name={name} />
  }
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="form-field__error">
      {message}
    </p>
  )
}

function useMessage(name: string): string | undefined {
  const { errors } = useFormState({ name })
  const error = get(errors, name) as { message?: unknown } | undefined
  return typeof error?.message === 'string' ? error.message : undefined
}

function Group({ field, name, children, hint }: { field: FormField; name: string; children: ReactNode; hint?: string }) {
  const { t } = useTranslation()
  const id = fieldId(name)
  const message = useMessage(`${name}.root`)
  const reason = use(FieldExtrasContext).reasons[name]
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const reasonId = `${id}-reason`
  const describedBy = [reason ? reasonId : '', field.description || hint ? helpId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <fieldset id={id} className="form-group" aria-describedby={describedBy} tabIndex={-1}>
      <legend>
        {field.label}
        {field.required && field.kind !== 'object' && field.kind !== 'map' && <span className="form-field__required"> {t('createRequest.form.required')}</span>}
      </legend>
      {reason && (
        <p id={reasonId} className="form-field__reason">
          {reason}
        </p>
      )}
      {(field.description || hint) && (
        <p id={helpId} className="form-field__help">
          {[field.description, hint].filter(Boolean).join(' ')}
        </p>
      )}
      <FieldError id={errorId} message={message} />
      {children}
    </fieldset>
  )
}

/** The request body's own part: its fields are drawn among the request's, with no frame named after the API's word. */
const PROPERTIES = 'properties'

function ObjectField({ field, name }: { field: FormField & { kind: 'object' }; name: string }) {
  // The root object is the form itself: the fields of `properties` sit beside the request's own (0034).
  const named: NamedField[] = field.children.flatMap((child) =>
    !name && child.key === PROPERTIES && child.kind === 'object'
      ? child.children.map((inner) => ({ field: inner, name: join(PROPERTIES, inner.key) }))
      : [{ field: child, name: join(name, child.key) }],
  )
  const children = <FieldsInOrder fields={named} render={(entry) => <SchemaField key={entry.name} field={entry.field} name={entry.name} />} />
  // An object with nothing to fill (an open `properties`) shows nothing.
  if (!name || field.children.every((child) => child.kind === 'const')) return children
  return (
    <Group field={field} name={name}>
      {children}
    </Group>
  )
}

function listHint(t: (key: string, options?: Record<string, unknown>) => string, min?: number, max?: number): string | undefined {
  if (min !== undefined && max !== undefined) return t('createRequest.form.listHint', { min, max })
  if (min !== undefined && min > 0) return t('createRequest.form.listHintMin', { min })
  if (max !== undefined) return t('createRequest.form.listHintMax', { max })
  return undefined
}

function ArrayField({ field, name }: { field: FormField & { kind: 'array' }; name: string }) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { fields, append, remove } = useFieldArray({ control, name })
  const full = field.maxItems !== undefined && fields.length >= field.maxItems
  return (
    <Group field={field} name={name} hint={listHint(t, field.minItems, field.maxItems)}>
      {fields.map((entry, index) => {
        const itemName = `${name}.${index}`
        const label = t('createRequest.form.itemLegend', { label: field.item.label, number: index + 1 })
        return (
          <fieldset key={entry.id} className="form-group form-group--item" id={fieldId(itemName)}>
            <legend>{label}</legend>
            {field.item.kind === 'object' ? (
              field.item.children.map((child) => <SchemaField key={child.key} field={child} name={join(itemName, child.key)} />)
            ) : (
              <SchemaField field={field.item} name={itemName} />
            )}
            <button type="button" className="button button--secondary" onClick={() => remove(index)}>
              {t('createRequest.form.removeItem', { label: field.item.label, number: index + 1 })}
            </button>
          </fieldset>
        )
      })}
      <button type="button" className="button button--secondary" disabled={full} onClick={() => append(emptyValues(field.item) as object)}>
        {t('createRequest.form.addItem', { label: field.item.label })}
      </button>
    </Group>
  )
}

/**
 * An object that names no properties (the generic form's `properties`): entries the person adds, each a key and a
 * value read as JSON when it is JSON, so that parts can nest (docs/decisions/0030-forms-for-any-catalog.md).
 */
function MapField({ field, name }: { field: FormField & { kind: 'map' }; name: string }) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { fields, append, remove } = useFieldArray({ control, name })
  const words: Record<string, string> = { key: t('createRequest.form.entryKey'), value: t('createRequest.form.entryValue') }
  return (
    <Group field={field} name={name} hint={t('createRequest.form.entryHint')}>
      {fields.map((entry, index) => {
        const entryName = `${name}.${index}`
        return (
          <fieldset key={entry.id} className="form-group form-group--item" id={fieldId(entryName)}>
            <legend>{t('createRequest.form.itemLegend', { label: field.label, number: index + 1 })}</legend>
            {field.row.children.map((child) => (
              <SchemaField key={child.key} field={{ ...child, label: words[child.key] ?? child.label }} name={join(entryName, child.key)} />
            ))}
            <button type="button" className="button button--secondary" onClick={() => remove(index)}>
              {t('createRequest.form.removeItem', { label: field.label, number: index + 1 })}
            </button>
          </fieldset>
        )
      })}
      <button type="button" className="button button--secondary" onClick={() => append(emptyValues(field.row) as object)}>
        {t('createRequest.form.addEntry', { label: field.label })}
      </button>
    </Group>
  )
}

type Translate = ReturnType<typeof useTranslation>['t']

/** The limit a counter shows for a short text (the reference's 18, the contract's 10), or none. */
function countedLength(field: FormField): number | undefined {
  return field.kind === 'text' && field.format === 'text' && field.maxLength !== undefined && field.maxLength <= COUNTER_MAX_LENGTH
    ? field.maxLength
    : undefined
}

/**
 * What the field says under its label. The request's own fields are explained in the console's words, each rule said
 * once; the schema's description of them is the API's wording for programs ("Send an empty list when there is none")
 * (0034). Base fields of every request (decided by the API, not by an item): the requested date's first day, the
 * person's contracts to pick from, why a reference is filled in already.
 */
function leafHints(t: Translate, field: FormField, name: string, extras: FieldExtras): string[] {
  const isDate = field.kind === 'text' && field.format === 'date'
  const hints = [
    OWN_WORDS.has(name) ? undefined : field.description,
    field.kind === 'text' && field.maxLength !== undefined && !isDate && countedLength(field) === undefined
      ? t('createRequest.form.lengthHint', { max: field.maxLength })
      : undefined,
    name === 'requestedAt' && extras.earliestDate
      ? t('createRequest.form.dateHint', { earliest: formatFormDate(extras.earliestDate, extras.locale) })
      : undefined,
    field.kind === 'number' && field.minimum !== undefined && field.maximum !== undefined
      ? t('createRequest.form.numberHint', { min: field.minimum, max: field.maximum })
      : undefined,
    name === 'customerReference' && extras.generatedReference ? t('createRequest.form.referenceHint') : undefined,
    name === 'contract' && field.kind === 'text' && extras.contracts.length > 0 ? t('createRequest.form.contractsHint') : undefined,
  ]
  return hints.filter((hint): hint is string => Boolean(hint))
}

interface LeafNotes {
  message?: string
  reason?: string
  hints: string[]
  counter: ReactNode
}

/** The fields whose control loads apart (lazy-fields.tsx): the request to cancel, a country, a date, the contract. */
function lazyLeaf(field: FormField, name: string, extras: FieldExtras, notes: LeafNotes): ReactNode {
  const { message, reason } = notes
  const help = notes.hints.join(' ') || undefined
  if (name === 'requestId' && field.kind === 'text' && extras.kind === 'cancellation') {
    return <RequestIdField name={name} label={field.label} required={field.required} message={message} reason={reason} />
  }
  if (isCountryField(field, name)) {
    return <CountryField name={name} label={field.label} required={field.required} language={currentLanguage()} message={message} reason={reason} />
  }
  if (field.kind === 'text' && field.format === 'date') {
    const min = name === 'requestedAt' ? extras.earliestDate || undefined : undefined
    return (
      <DateField name={name} label={field.label} required={field.required} min={min} help={help} message={message} reason={reason} locale={extras.locale} />
    )
  }
  // The contract is one field whatever /me says: its contracts offered when it lists some, typed otherwise (0030).
  if (name === 'contract' && field.kind === 'text') {
    return (
      <ContractField
        name={name}
        label={field.label}
        required={field.required}
        contracts={extras.contracts}
        help={help}
        message={message}
        reason={reason}
        counter={notes.counter}
      />
    )
  }
  return undefined
}

function LeafField({ field, name }: { field: FormField; name: string }) {
  const { t } = useTranslation()
  const extras = use(FieldExtrasContext)
  const message = useMessage(name)
  const value: unknown = useWatch({ name })
  const counted = countedLength(field)
  const notes: LeafNotes = {
    message,
    reason: extras.reasons[name],
    hints: leafHints(t, field, name, extras),
    counter: counted !== undefined && <CharCounter id={`${fieldId(name)}-count`} length={typeof value === 'string' ? value.length : 0} max={counted} />,
  }
  return lazyLeaf(field, name, extras, notes) ?? <NativeField field={field} name={name} notes={notes} value={value} />
}

/** A field drawn with the browser's own control, chosen by its kind. */
function NativeField({ field, name, notes, value }: { field: FormField; name: string; notes: LeafNotes; value: unknown }) {
  const { t } = useTranslation()
  const { register } = useFormContext()
  const { message, reason, hints } = notes
  const id = fieldId(name)
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const reasonId = `${id}-reason`
  const describedBy = [reason ? reasonId : '', hints.length ? helpId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined
  const common: CommonProps = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': message ? true : undefined,
    'aria-required': field.required || undefined,
    ...register(name),
    // react-hook-form writes a field's start value as it registers it, in the browser: the gateway's form shows it from
    // the HTML (src/lib/view-input.ts).
    ...(renderingFirstView ? startValueOf(value) : {}),
  }
  return (
    <div className={`form-field${field.kind === 'boolean' && field.required ? ' form-field--check' : ''}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required && field.kind !== 'boolean' && <span className="form-field__required"> {t('createRequest.form.required')}</span>}
      </label>
      {nativeControl(t, field, common)}
      {notes.counter}
      {reason && (
        <p id={reasonId} className="form-field__reason">
          {reason}
        </p>
      )}
      {hints.length > 0 && (
        <p id={helpId} className="form-field__help">
          {hints.join(' ')}
        </p>
      )}
      <FieldError id={errorId} message={message} />
    </div>
  )
}

type CommonProps = UseFormRegisterReturn & {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
  defaultValue?: string
  defaultChecked?: boolean
}

function startValueOf(value: unknown): Pick<CommonProps, 'defaultValue' | 'defaultChecked'> {
  if (typeof value === 'boolean') return { defaultChecked: value, defaultValue: String(value) }
  return typeof value === 'string' || typeof value === 'number' ? { defaultValue: String(value) } : {}
}

function nativeControl(t: Translate, field: FormField, common: CommonProps): ReactNode {
  if (field.kind === 'boolean' && field.required) return <input type="checkbox" {...common} />
  if (field.kind === 'boolean') {
    return (
      <select {...common}>
        <option value="">{t('createRequest.form.notSaid')}</option>
        <option value="true">{t('createRequest.form.yes')}</option>
        <option value="false">{t('createRequest.form.no')}</option>
      </select>
    )
  }
  if (field.kind === 'enum') {
    return (
      <select {...common}>
        <option value="">{t('createRequest.form.choose')}</option>
        {field.options.map((option, index) => (
          <option key={String(option)} value={String(option)}>
            {field.optionLabels?.[index] ?? String(option)}
          </option>
        ))}
      </select>
    )
  }
  if (field.kind === 'number') return <input type="text" inputMode={field.integer ? 'numeric' : 'decimal'} autoComplete="off" {...common} />
  if (field.kind === 'text' && field.format === 'textarea') return <textarea rows={4} {...common} />
  if (field.kind === 'text' && field.format === 'email') return <input type="email" autoComplete="email" {...common} />
  // Text, and any kind this form does not know: typed as text, checked by the schema and the API.
  return <input type="text" autoComplete="off" {...common} />
}

async function readAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const chunk = 0x8000
  for (let index = 0; index < bytes.length; index += chunk) binary += String.fromCharCode(...bytes.subarray(index, index + chunk))
  return btoa(binary)
}

/**
 * Files sent with the request as `{ name, body }` (body base64, docs/decisions/0005). The caps come from the
 * schema and are said before choosing; a file over them is refused at once, with its size and the cap. Files never pass
 * from the gateway's form to the page's: they are chosen once the page's code has come (src/lib/view-input.ts).
 */
function FilesField({ field, name }: { field: FormField & { kind: 'files' }; name: string }) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { value, onChange, onBlur, ref } = useController({ control, name }).field
  const [refusals, setRefusals] = useState<string[]>([])
  const id = fieldId(name)
  const message = useMessage(`${name}.root`)
  const files = (Array.isArray(value) ? value : []) as ChosenFile[]
  const language = currentLanguage()
  const size = field.maxBytes !== undefined ? formatBytes(field.maxBytes, language) : undefined
  const limits = size
    ? field.maxItems !== undefined
      ? t('createRequest.files.limits', { count: field.maxItems, size })
      : t('createRequest.files.limitsNoCount', { size })
    : undefined

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const chosen = [...(input.files ?? [])]
    input.value = ''
    const next = [...files]
    const refused: string[] = []
    for (const file of chosen) {
      if (field.maxItems !== undefined && next.length >= field.maxItems) {
        refused.push(t('createRequest.files.tooMany', { name: file.name, max: field.maxItems }))
      } else if (field.maxBytes !== undefined && file.size > field.maxBytes) {
        refused.push(t('createRequest.files.tooLarge', { name: file.name, size: formatBytes(file.size, language), max: size }))
      } else {
        try {
          next.push({ name: file.name, body: await readAsBase64(file), size: file.size, ...(file.type ? { mimeType: file.type } : {}) })
        } catch {
          refused.push(t('createRequest.files.unreadable', { name: file.name }))
        }
      }
    }
    setRefusals(refused)
    onChange(next)
  }

  const description = OWN_WORDS.has(name) ? undefined : field.description
  const describedBy = [limits || description ? `${id}-help` : '', message || refusals.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="form-field">
      <label htmlFor={id}>{field.label}</label>
      {(limits || description) && (
        <p id={`${id}-help`} className="form-field__help">
          {[limits, description].filter(Boolean).join(' ')}
        </p>
      )}
      <input
        id={id}
        type="file"
        multiple
        disabled={renderingFirstView}
        aria-describedby={describedBy}
        onChange={(e) => void choose(e)}
        onBlur={onBlur}
        ref={ref}
      />
      {(message || refusals.length > 0) && (
        <div id={`${id}-error`} className="form-field__error" role="alert">
          {[...refusals, ...(message ? [message] : [])].map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {files.length > 0 && (
        <ul aria-label={t('createRequest.files.chosen')} className="form-files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name} ({formatBytes(file.size, language)}){' '}
              <button type="button" className="button button--small button--secondary" onClick={() => onChange(files.filter((_, i) => i !== index))}>
                {t('createRequest.files.remove', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
