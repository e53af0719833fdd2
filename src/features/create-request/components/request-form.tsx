import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { CatalogItem } from '@contract/catalog'
import type { FieldIssue } from '@contract/error'
import type { Request } from '@contract/request'
import type { ApiError } from '@/lib/api-error'
import { currentLanguage } from '@/i18n/i18n'
import { gatewaySendPort } from '../api/create-request'
import { prefillFrom, uniqueReference, type RequestAction } from '../choose-item'
import { clearPendingSend, readDraft, readPendingSend, removeDraft, savePendingSend, saveDraft } from '../drafts'
import { inPageOrder } from '../form/focus-field'
import { useLeaveGuard } from '../form/leave-guard'
import { placeReasons } from '../form/rejection-reasons'
import { requestKindOf } from '../item-kind'
import { MAP_ENTRY, pathSegments, readFormModel, type FormField } from '../schema/form-model'
import { genericFormSchema } from '../schema/generic-form'
import { schemaFormOf } from '../schema/item-form'
import { entryIssues, toBody, valuesFrom, withoutFiles, type FormValues } from '../schema/form-values'
import { lazyBodyValidator } from '../schema/lazy-validation'
import { placeIssues, toFieldErrors } from '../schema/form-errors'
import { formLocale, sentenceFor, type Rule } from '../schema/form-sentences'
import type { SendOutcome } from '../send-once/send-once'
import { useSendOnce } from '../send-once/use-send-once'
import { earliestRequestedDate, todayUtc } from '../today'
import { ConfirmPanel } from './confirm-panel'
import { ErrorSummary } from './error-summary'
import { FieldExtrasContext, SchemaField } from './schema-field'
import { SendStatus } from './send-status'
import { noteQuotaOutcome } from '@/lib/spent-quota'

/** 422 business codes that concern one field (docs/decisions/0004-error-codes.md). */
const FIELD_OF_CODE: Record<number, string> = {
  102: 'contract',
  103: 'requestId',
  104: 'requestId',
  105: 'properties.servicePoint.id',
  106: 'properties.servicePoint.id',
  107: 'requestId',
}

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
 * console can read (docs/decisions/0030-forms-for-any-catalog.md): its draft, its validation worded as sentences, its
 * error summary, and its sending by the send-once protocol (docs/decisions/0014-creation-forms.md).
 * Give it a `key` per draft (person, item, action, source): its initial values are read once.
 */
export function RequestForm({ item, draftKey: key, action, source, contracts }: RequestFormProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const locale = formLocale(i18n.resolvedLanguage)
  const kind = requestKindOf(item)
  const { model, checked } = useMemo(() => {
    const own = schemaFormOf(item)
    if (own) return { model: own, checked: { variant: item.variant, schema: item.schema } }
    const words = (name: string) => t(`createRequest.generic.${name}`)
    const schema = genericFormSchema(item.type ?? item.id, kind, {
      type: words('type'),
      requestId: words('requestId'),
      requestIdHelp: words('requestIdHelp'),
      requestedAt: words('requestedAt'),
      customerReference: words('customerReference'),
      contract: words('contract'),
      comment: words('comment'),
      properties: words('properties'),
      propertiesHelp: words('propertiesHelp'),
      attachments: words('attachments'),
    })
    return { model: readFormModel(schema), checked: { schema } }
  }, [item, kind, t])
  const today = todayUtc()
  const bodyValidator = useMemo(() => lazyBodyValidator(checked, model, today), [checked, model, today])
  const entryWords = useMemo(() => ({ key: t('createRequest.form.entryKey'), value: t('createRequest.form.entryValue') }), [t])
  const hasReference = model.children.some((child) => child.key === 'customerReference')

  const [start] = useState(() => {
    const known = source && action ? prefillFrom(action, source) : {}
    // The buyer's own reference (their PO number) is kept when resubmitting; otherwise one is made up.
    const keptReference = typeof known.customerReference === 'string' && known.customerReference !== ''
    const fresh = () => valuesFrom(model, { ...known, customerReference: keptReference ? known.customerReference : uniqueReference() }) as FormValues
    const draft = readDraft(key)
    return { fresh, keptReference, values: draft ? (valuesFrom(model, draft.values) as FormValues) : fresh(), restoredAt: draft?.savedAt }
  })
  const [restoredAt, setRestoredAt] = useState(start.restoredAt)
  const [generatedReference, setGeneratedReference] = useState(!start.restoredAt && !start.keptReference)

  const reasons = useMemo(() => {
    if (action !== 'resubmit' || !source) return { byField: {}, unplaced: [] }
    const placed = placeReasons(source.rejectionReasons, model)
    return {
      byField: Object.fromEntries(Object.entries(placed.byField).map(([name, message]) => [name, t('createRequest.form.rejectedBecause', { message })])),
      unplaced: placed.unplaced,
    }
  }, [action, source, model, t])

  /** A message as the form says it: a sentence naming the field and what to do. */
  const sentence = useCallback(
    (issue: FieldIssue & { rule?: Rule }) =>
      sentenceFor(issue.rule ?? { kind: 'other' }, labelOf(model, pathSegments(issue.path).join('.'), entryWords), issue.message, t, locale),
    [model, t, locale, entryWords],
  )

  const resolver: Resolver<FormValues> = async (values) => {
    const validator = await bodyValidator()
    const issues = [
      // Key/value entries are checked as typed: a value that is not the JSON it opens as never reaches the body.
      ...entryIssues(model, values).map((issue) => ({
        path: issue.path,
        message: sentence({ path: issue.path, message: t(`createRequest.form.entry.${issue.problem}`) }),
      })),
      ...(validator?.validate(toBody(model, values), currentLanguage()) ?? []).map((issue) => ({ path: issue.path, message: sentence(issue) })),
    ]
    if (issues.length === 0) return { values, errors: {} }
    const { placed, unplaced } = placeIssues(issues, model)
    return { values: {}, errors: toFieldErrors(placed, unplaced) as FieldErrors<FormValues> }
  }
  // The summary takes the focus on a refused send, and leads to each field (docs/decisions/0014).
  const form = useForm<FormValues>({ defaultValues: start.values, resolver, mode: 'onTouched', shouldFocusError: false })
  const { isDirty, isSubmitted, errors } = form.formState

  // Saved as the person types: a reload, a closed tab or an expired sign-in loses nothing. No token, no file.
  const sent = useRef(false)
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (!sent.current) saveDraft(key, withoutFiles(model, values) as FormValues)
      },
    })
  }, [form, key, model])

  // Leaving asks first, unless the request was sent.
  const guarding = useCallback(() => !sent.current, [])
  const blocker = useLeaveGuard(guarding, isDirty)

  const [refusal, setRefusal] = useState<{ error: ApiError; unplaced: FieldIssue[] } | null>(null)
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null)
  const summaryHeading = useRef<HTMLHeadingElement>(null)
  // Focused once the summary is on the page: after the first render that shows it (react-hook-form may commit the
  // errors a render after its invalid callback), not at a guessed moment.
  const [, setSummaryFocus] = useState(0)
  const summaryFocusPending = useRef(false)
  const focusSummary = () => {
    summaryFocusPending.current = true
    setSummaryFocus((count) => count + 1)
  }
  useEffect(() => {
    if (!summaryFocusPending.current || !summaryHeading.current) return
    summaryFocusPending.current = false
    summaryHeading.current.focus()
  })

  const showRefusal = (error: ApiError) => {
    const code = error.code ?? -1
    const issues: FieldIssue[] =
      error.fields.length > 0 ? error.fields : FIELD_OF_CODE[code] ? [{ path: FIELD_OF_CODE[code], message: error.description ?? error.message }] : []
    const { placed, unplaced } = placeIssues(
      issues.map((issue) => ({ path: issue.path, message: sentence(issue) })),
      model,
    )
    for (const issue of placed) form.setError(issue.name, { type: 'server', message: issue.message })
    setRefusal({ error, unplaced: unplaced.map((issue) => issues.find((original) => original.path === issue.path) ?? issue) })
    focusSummary()
  }

  const onOutcome = (outcome: SendOutcome) => {
    if (outcome.kind === 'created' || outcome.kind === 'found') {
      sent.current = true
      noteQuotaOutcome(queryClient, { success: true })
      removeDraft(key)
      void queryClient.invalidateQueries({ queryKey: ['requests'] })
      const notice = t(`createRequest.notice.${outcome.kind === 'found' ? 'found' : kind}`, { id: outcome.id })
      void navigate(`/requests/${encodeURIComponent(outcome.id)}`, { state: { notice } })
      return
    }
    if (outcome.kind !== 'unverified') clearPendingSend(key)
    // A spent quota says so on every page (docs/decisions/0032-application-quota.md).
    if (outcome.kind === 'refused') noteQuotaOutcome(queryClient, { error: outcome.error })
    if (outcome.kind === 'refused') showRefusal(outcome.error)
  }
  const pending = useMemo(() => ({ read: () => readPendingSend(key), save: (next: { reference: string; since: string }) => savePendingSend(key, next) }), [key])
  const sender = useSendOnce(gatewaySendPort, onOutcome, pending)

  const needsConfirmation = kind === 'termination' || kind === 'cancellation'
  const onValid = (values: FormValues) => {
    setRefusal(null)
    const body = toBody(model, values) as Record<string, unknown>
    // A schema that does not fix the type still orders the item's.
    if (body.type === undefined && item.type) body.type = item.type
    // Without a reference a lost answer could not be looked for: one is made up, and shown (docs/decisions/0014).
    if (hasReference && !(typeof body.customerReference === 'string' && body.customerReference.trim())) {
      body.customerReference = uniqueReference()
      form.setValue('customerReference', body.customerReference)
      setGeneratedReference(true)
    }
    if (needsConfirmation) setConfirming(body)
    else sender.send(body)
  }

  const startOver = () => {
    removeDraft(key)
    setRestoredAt(undefined)
    setGeneratedReference(!start.keptReference)
    form.reset(start.fresh())
  }

  const errorList = isSubmitted ? inPageOrder(collectErrors(errors)) : []
  // Until the checks say the first send finished with nothing created, there is no sending again.
  const waitingForEvidence = sender.outcome?.kind === 'unverified'
  const busy = sender.busy
  // What a confirmation names: the service point a termination ends, the request a cancellation closes.
  const target =
    kind === 'termination'
      ? ((confirming?.properties as { servicePoint?: { id?: unknown } } | undefined)?.servicePoint?.id ?? '')
      : (confirming?.requestId ?? source?.id ?? '')

  return (
    <FieldExtrasContext value={{ earliestDate: earliestRequestedDate(), contracts, generatedReference, locale, reasons: reasons.byField }}>
      <FormProvider {...form}>
        {restoredAt && (
          <div className="card form-draft" role="status">
            <p>
              {t('createRequest.form.draftRestored', { when: new Date(restoredAt).toLocaleString(locale) })}{' '}
              {model.children.some((c) => c.kind === 'files') && t('createRequest.form.draftFilesAgain')}
            </p>
            <button type="button" className="button button--secondary" onClick={startOver} disabled={busy}>
              {t('createRequest.form.startOver')}
            </button>
          </div>
        )}
        {reasons.unplaced.length > 0 && (
          <div className="card form-reasons">
            <p>{t('createRequest.form.otherReasons')}</p>
            <ul>
              {reasons.unplaced.map((reason) => (
                <li key={reason.code}>{reason.message || reason.reason}</li>
              ))}
            </ul>
          </div>
        )}
        <form
          className="request-form"
          aria-label={t('createRequest.form.label')}
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid, focusSummary)(event)}
        >
          <ErrorSummary entries={errorList} refusal={refusal} headingRef={summaryHeading} />
          <SchemaField field={model} name="" />
          <SendStatus step={sender.step} outcome={sender.outcome} onCheckAgain={sender.checkAgain} />

          {confirming ? (
            <ConfirmPanel
              tone="danger"
              title={t(`createRequest.form.confirmTitle.${kind}`)}
              body={t(`createRequest.form.confirmBody.${kind}`, { target: String(target) })}
              confirm={t(`createRequest.form.confirm.${kind}`)}
              cancel={t('createRequest.form.goBack')}
              disabled={busy}
              onConfirm={() => {
                sender.send(confirming)
                setConfirming(null)
              }}
              onCancel={() => setConfirming(null)}
            />
          ) : (
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy || waitingForEvidence}>
                {busy
                  ? t('createRequest.form.sending')
                  : sender.outcome?.kind === 'notCreated'
                    ? t('createRequest.outcome.retry')
                    : t('createRequest.form.submit')}
              </button>
            </div>
          )}
        </form>

        {blocker.state === 'blocked' && (
          <ConfirmPanel
            tone="stay"
            title={t('createRequest.form.leaveTitle')}
            body={t(busy ? 'createRequest.form.leaveWhileChecking' : 'createRequest.form.leaveBody')}
            confirm={t('createRequest.form.leave')}
            cancel={t('createRequest.form.stay')}
            onConfirm={() => blocker.proceed()}
            onCancel={() => blocker.reset()}
          />
        )}
      </FormProvider>
    </FieldExtrasContext>
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

/**
 * "Location › Address › City", "VLANs › 2 › Label", "Properties › 1 › Value": a field said with the form's labels
 * (`entry`: the words of a key/value entry's two fields).
 */
export function labelOf(model: FormField, name: string, entry?: { key: string; value: string }): string {
  const labels: string[] = []
  let node: FormField | undefined = model
  // Set once the path went through a key/value field into one of its entries.
  let inEntry = false
  for (const [index, segment] of name
    .replace(/\.root$/, '')
    .split('.')
    .entries()) {
    const entered = node?.kind === 'map'
    if (node?.kind === 'object') node = node.children.find((child) => child.key === segment)
    else if (node?.kind === 'array') node = node.item
    else if (node?.kind === 'map') node = node.row
    else node = undefined
    if (!node) break
    // The body's `properties` is the request's own part, not something the person named.
    if (index === 0 && segment === 'properties' && node.kind !== 'map') continue
    if (entry && inEntry && (segment === MAP_ENTRY.key || segment === MAP_ENTRY.value)) labels.push(entry[segment])
    else labels.push(/^\d+$/.test(segment) ? String(Number(segment) + 1) : node.label)
    inEntry = entered
  }
  return labels.join(' › ') || name
}
