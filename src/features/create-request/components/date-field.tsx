import { parseDate, type CalendarDate } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import { fieldId } from '../form/field-id'
import { FieldNotes, RequiredMark } from './field-notes'

function calendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  try {
    return parseDate(value)
  } catch {
    return null
  }
}

/**
 * A date typed or picked in the person's language and format (French: dd/mm/yyyy), with React Aria's date picker
 * (docs/decisions/0014-creation-forms.md). The form holds YYYY-MM-DD, as the API wants it; '' until the date is whole.
 */
export function DateField(props: {
  name: string
  label: string
  required: boolean
  min?: string
  help?: string
  message?: string
  reason?: string
  locale: string
}) {
  const { t } = useTranslation()
  const { control, trigger } = useFormContext()
  const { field } = useController({ control, name: props.name })
  const id = fieldId(props.name)
  return (
    <I18nProvider locale={props.locale}>
      <DatePicker
        className="form-field"
        name={props.name}
        value={calendarDate(field.value)}
        onChange={(date) => {
          field.onChange(date ? date.toString() : '')
          // A whole date is checked at once rather than when the field is left.
          if (date) void trigger(props.name)
        }}
        onBlur={field.onBlur}
        minValue={props.min ? (calendarDate(props.min) ?? undefined) : undefined}
        isInvalid={Boolean(props.message)}
        isRequired={props.required}
        validationBehavior="aria"
        granularity="day"
        shouldForceLeadingZeros
      >
        <Label>
          {props.label}
          <RequiredMark required={props.required} />
        </Label>
        <Group id={id} className="date-field">
          <DateInput className="date-field__input">{(segment) => <DateSegment segment={segment} className="date-field__segment" />}</DateInput>
          <Button className="date-field__button" aria-label={t('createRequest.form.openCalendar')}>
            ▾
          </Button>
        </Group>
        <FieldNotes reason={props.reason} help={props.help} message={props.message} />
        <Popover className="date-field__popover" placement="bottom start">
          <Dialog className="date-field__dialog">
            <Calendar className="date-field__calendar">
              <header className="date-field__header">
                <Button slot="previous" className="button button--small button--secondary">
                  ‹
                </Button>
                <Heading className="date-field__month" />
                <Button slot="next" className="button button--small button--secondary">
                  ›
                </Button>
              </header>
              <CalendarGrid>{(date) => <CalendarCell date={date} className="date-field__day" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  )
}
