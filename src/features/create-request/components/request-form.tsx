import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import type { CatalogItem } from '@contract/catalog'
import type { RejectionReason, Request, RequestCategory } from '@contract/request'
import { currentLanguage } from '@/i18n/i18n'
import { formatDateTime, formLocale } from '@/lib/format'
import { BEFORE_CODE_ATTRIBUTE, renderingFirstView, SEND_HELD_NOTE } from '@/lib/view-input'
import { uniqueReference, type RequestAction } from '../choose-item'
import { inPageOrder } from '../form/focus-field'
import { useLeaveGuard } from '../form/leave-guard'
import { useConfirmStep } from '../form/use-confirm-step'
import { useFormDraft, useFormStart } from '../form/use-form-draft'
import { useFormModel } from '../form/use-form-model'
import { useFormResolver } from '../form/use-form-resolver'
import { useInputBeforeCode } from '../form/use-input-before-code'
import { useRejectionReasons } from '../form/use-rejection-reasons'
import { useRefusal } from '../form/use-refusal'
import { useRequestSend } from '../form/use-request-send'
import { useSummaryFocus } from '../form/use-summary-focus'
import { requestKindOf } from '../item-kind'
import type { FormField } from '../schema/form-model'
import { toBody, type FormValues } from '../schema/form-values'
import { earliestRequestedDate } from '../today'
import { ConfirmPanel } from './confirm-panel'
import { ErrorSummary } from './error-summary'
import { FieldExtrasContext, SchemaField } from './schema-field'
import { SendStatus } from './send-status'

export interface RequestFormProps {
  item: CatalogItem
  userId: string
  /** The draft's key (drafts.ts `draftKey`): the page gives it as the form's `key` too. */
  draftKey: string
  action?: RequestAction
  source?: Request
  contracts: readonly { number: string; name: string }[]
}

/**
 * The form of one catalog item, generated from its JSON Schema, or the generic form of its kind when it has none the
 * console can read (docs/decisions/0030-forms-for-any-catalog.md): each concern is a hook of ../form named after it
 * (model, validation, draft, leave guard, refusal, summary focus, send-once, confirmation; 0014-creation-forms.md).
 * Messages show after a change or a send, never on leaving an untouched field (0034-form-and-wording.md).
 * Give it a `key` per draft (person, item, action, source): its initial values are read once.
 */
export function RequestForm({ item, draftKey: key, action, source, contracts }: RequestFormProps) {
  const { t } = useTranslation()
  const kind = requestKindOf(item)
  const itemForm = useFormModel(item)
  const { model } = itemForm
  const { resolver, sentence, follow, noteSend } = useFormResolver(itemForm)
  const start = useFormStart(key, model, action, source)
  const form = useForm<FormValues>({ defaultValues: start.values, resolver, mode: 'onTouched', shouldFocusError: false })
  useEffect(() => follow(form), [follow, form])
  const draft = useFormDraft(key, model, form, start)
  const blocker = useLeaveGuard(draft.isUnsent, form.formState.isDirty)
  const reasons = useRejectionReasons(action, source, model)
  const { refusal, showRefusal, clearRefusal } = useRefusal(form, model, sentence)
  const summary = useSummaryFocus()
  const confirm = useConfirmStep(kind, source)
  const element = useRef<HTMLFormElement>(null)
  const locale = formLocale(currentLanguage())
  useInputBeforeCode(form, model, locale, element)
  const [generatedReference, setGeneratedReference] = useState(!start.restoredAt && !start.keptReference)
  const sender = useRequestSend(key, kind, {
    onSent: draft.markSent,
    onRefused: (error) => {
      showRefusal(error)
      summary.focusSummary()
    },
  })

  const onValid = (values: FormValues) => {
    clearRefusal()
    const { body, madeUpReference } = completeBody(item, model, values)
    if (madeUpReference !== undefined) {
      form.setValue('customerReference', madeUpReference)
      setGeneratedReference(true)
    }
    if (confirm.needed) confirm.ask(body)
    else sender.send(body)
  }
  const startOver = () => {
    draft.startOver()
    setGeneratedReference(!start.keptReference)
  }

  const { isSubmitted, errors } = form.formState
  const errorList = isSubmitted ? inPageOrder(collectErrors(errors)) : []
  const extras = { earliestDate: earliestRequestedDate(), contracts, generatedReference, kind, locale, reasons: reasons.byField }
  return (
    <FieldExtrasContext value={extras}>
      <FormProvider {...form}>
        {draft.restoredAt && (
          <DraftNotice restoredAt={draft.restoredAt} withFiles={model.children.some((c) => c.kind === 'files')} onStartOver={startOver} busy={sender.busy} />
        )}
        <UnplacedReasons reasons={reasons.unplaced} />
        <form
          ref={element}
          className="request-form"
          aria-label={t('createRequest.form.label')}
          noValidate
          // The gateway's form works before the page's code: the early start holds a send pressed then
          // (src/lib/view-input.ts). Posted, never put in an address, should a browser with no script at all send it.
          {...(renderingFirstView ? { [BEFORE_CODE_ATTRIBUTE]: '', 'data-locale': locale, method: 'post' } : {})}
          onSubmit={(event) => {
            noteSend()
            void form.handleSubmit(onValid, summary.focusSummary)(event)
          }}
        >
          <ErrorSummary entries={errorList} refusal={refusal} headingRef={summary.headingRef} />
          <SchemaField field={model} name="" />
          <SendStatus step={sender.step} outcome={sender.outcome} onCheckAgain={sender.checkAgain} />
          {renderingFirstView && <p className="form-held" role="status" {...{ [SEND_HELD_NOTE]: t('createRequest.form.sendHeld') }} />}
          <FormActions kind={kind} confirm={confirm} sender={sender} />
        </form>
        {blocker.state === 'blocked' && <LeaveConfirm busy={sender.busy} onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} />}
      </FormProvider>
    </FieldExtrasContext>
  )
}

/** The body as it is sent: the item's type when the schema does not fix it, and a reference made up when none is given. */
function completeBody(
  item: CatalogItem,
  model: FormField & { kind: 'object' },
  values: FormValues,
): { body: Record<string, unknown>; madeUpReference?: string } {
  const body = toBody(model, values) as Record<string, unknown>
  // A schema that does not fix the type still orders the item's.
  if (body.type === undefined && item.type) body.type = item.type
  // Without a reference a lost answer could not be looked for: one is made up, and shown (docs/decisions/0014).
  if (model.children.some((child) => child.key === 'customerReference') && !(typeof body.customerReference === 'string' && body.customerReference.trim())) {
    body.customerReference = uniqueReference()
    return { body, madeUpReference: body.customerReference as string }
  }
  return { body }
}

/** A draft was restored: when it was kept, and a way to start over. */
function DraftNotice(props: { restoredAt: string; withFiles: boolean; onStartOver: () => void; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="card form-draft" role="status">
      <p>
        {t('createRequest.form.draftRestored', { when: formatDateTime(props.restoredAt, currentLanguage()) })}{' '}
        {props.withFiles && t('createRequest.form.draftFilesAgain')}
      </p>
      <button type="button" className="button button--secondary" onClick={props.onStartOver} disabled={props.busy}>
        {t('createRequest.form.startOver')}
      </button>
    </div>
  )
}

/** Reasons of a rejection that concern no field of the form, said above it. */
function UnplacedReasons({ reasons }: { reasons: readonly RejectionReason[] }) {
  const { t } = useTranslation()
  if (reasons.length === 0) return null
  return (
    <div className="card form-reasons">
      <p>{t('createRequest.form.otherReasons')}</p>
      <ul>
        {reasons.map((reason) => (
          <li key={reason.code}>{reason.message || reason.reason}</li>
        ))}
      </ul>
    </div>
  )
}

/** The send button, or the confirmation a cancellation or a modification asks for first. */
function FormActions({
  kind,
  confirm,
  sender,
}: {
  kind: RequestCategory
  confirm: ReturnType<typeof useConfirmStep>
  sender: ReturnType<typeof useRequestSend>
}) {
  const { t } = useTranslation()
  if (confirm.confirming) {
    const confirming = confirm.confirming
    return (
      <ConfirmPanel
        tone="danger"
        title={t(`createRequest.form.confirmTitle.${kind}`)}
        body={t(`createRequest.form.confirmBody.${kind}`, { target: confirm.target })}
        confirm={t(`createRequest.form.confirm.${kind}`)}
        cancel={t('createRequest.form.goBack')}
        disabled={sender.busy}
        onConfirm={() => {
          sender.send(confirming)
          confirm.close()
        }}
        onCancel={confirm.close}
      />
    )
  }
  return (
    <div className="form-actions">
      {/* Until the checks say the first send finished with nothing created, there is no sending again. */}
      <button type="submit" className="button" disabled={sender.busy || sender.outcome?.kind === 'unverified'}>
        {sender.busy
          ? t('createRequest.form.sending')
          : sender.outcome?.kind === 'notCreated'
            ? t('createRequest.outcome.retry')
            : t('createRequest.form.submit')}
      </button>
    </div>
  )
}

/** Leaving a form with unsent changes, or while a send is being checked, asks first. */
function LeaveConfirm(props: { busy: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation()
  return (
    <ConfirmPanel
      tone="stay"
      title={t('createRequest.form.leaveTitle')}
      body={t(props.busy ? 'createRequest.form.leaveWhileChecking' : 'createRequest.form.leaveBody')}
      confirm={t('createRequest.form.leave')}
      cancel={t('createRequest.form.stay')}
      onConfirm={props.onLeave}
      onCancel={props.onStay}
    />
  )
}

/** Every message of the errors object, with its field's name. */
function collectErrors(errors: object, prefix = ''): { name: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]) => {
    if (key === 'ref' || typeof value !== 'object' || value === null) return []
    const name = prefix ? `${prefix}.${key}` : key
    const message = (value as { message?: unknown }).message
    return typeof message === 'string' ? [{ name, message }] : collectErrors(value, name)
  })
}
