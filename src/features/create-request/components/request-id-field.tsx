import { useQuery } from '@tanstack/react-query'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { requestQueries } from '@/lib/queries/requests'
import { parseListSearch } from '@/lib/request-search'
import { fieldId } from '../form/field-id'
import { FieldNotes } from './field-notes'

/**
 * The open requests a cancellation may close (docs/decisions/0006 "Acts on": an open creation or modification),
 * newest first, as the list reads them: the first hundred, which the combobox filters by id or name as the person
 * types (docs/decisions/0034-form-and-wording.md).
 */
const OPEN_REQUESTS = parseListSearch(new URLSearchParams({ status: 'NEW,IN_PROGRESS', category: 'creation,modification', sort: '-createdAt', size: '100' }))

/**
 * The request a cancellation closes, chosen from a searchable list of the person's open requests (React Aria's
 * combobox, fed by the requests list); an id typed by hand stays possible, and the API judges it (0006).
 */
export function RequestIdField(props: { name: string; label: string; required: boolean; help?: string; message?: string; reason?: string }) {
  const { t } = useTranslation()
  const { control } = useFormContext()
  const { field } = useController({ control, name: props.name })
  const value = typeof field.value === 'string' ? field.value : ''
  const open = useQuery(requestQueries.list(OPEN_REQUESTS, ['id', 'name'])).data
  const items = (open?.items ?? []).flatMap((row) =>
    'id' in row && typeof row.id === 'string' ? [{ id: row.id, name: typeof row.name === 'string' ? row.name : '' }] : [],
  )
  const names = new Map(items.map((request) => [request.id, request.name]))
  return (
    <ComboBox
      id={fieldId(props.name)}
      className="form-field"
      // `defaultItems`, not `items`: React Aria filters only the items it is not given already filtered.
      defaultItems={items}
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
      // An option's text is its id, which choosing it writes in the input (and the field sends); the filter reads its
      // name too, so that part of either finds it.
      defaultFilter={(id, input) => `${id} ${names.get(id) ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())}
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
        {items.length > 0 && (
          <Button className="combo-field__button" aria-label={t('createRequest.form.showRequests')}>
            ▾
          </Button>
        )}
      </div>
      <FieldNotes reason={props.reason} help={props.help ?? t('createRequest.form.requestIdHint')} message={props.message} />
      <Popover className="combo-field__popover" placement="bottom start">
        <ListBox className="combo-field__list">
          {(request: { id: string; name: string }) => (
            <ListBoxItem id={request.id} textValue={request.id} className="combo-field__option">
              <strong>{request.id}</strong> <span>{request.name}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
