import { useEffect, useMemo, useRef, useState } from 'react'
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useBlocker, useNavigate } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { CatalogItem } from '@contract/catalog'
import type { FieldIssue } from '@contract/error'
import type { Request } from '@contract/request'
import { ApiError } from '@/lib/api-error'
import { currentLanguage } from '@/i18n/i18n'
import { createRequest, findRequestsByReference } from '../api/create-request'
import { prefillFrom, uniqueReference, type RequestAction } from '../choose-item'
import { draftKey, readDraft, removeDraft, saveDraft } from '../drafts'
import { readFormModel, type FormField } from '../schema/form-model'
import { toBody, valuesFrom, withoutFiles, type FormValues } from '../schema/form-values'
import { createBodyValidator } from '../schema/form-validation'
import { placeIssues, toFieldErrors, type PlacedIssue } from '../schema/form-errors'
import { earliestRequestedDate, todayUtc } from '../today'
import { FieldExtrasContext, fieldId, SchemaField } from './schema-field'

/** 422 business codes that concern one field (docs/decisions/0004-error-codes.md). */
const FIELD_OF_CODE: Record<number, string> = {
  102: 'contract',
  103: 'requestId',
  104: 'requestId',
  105: 'properties.servicePoint.id',
  106: 'properties.servicePoint.id',
  107: 'requestId',
}

type Outcome =
  | { kind: 'created' | 'found'; id: string }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'notCreated' | 'unverified' | 'unverifiable'; error: ApiError; reference?: string; before?: readonly string[] }

/** A failure that does not prove the request was not created (reference 2): no answer, a timeout, a 5xx. */
function isUncertain(error: ApiError): boolean {
  return error.kind === 'network' || error.status === 0 || error.status >= 500
}

/**
 * Sends once, and never twice: before sending, the ids already carrying the reference are noted; when the
 * answer is lost, a request with that reference that was not there before is this one, and is opened.
 */
async function send(body: Record<string, unknown>): Promise<Outcome> {
  const reference = typeof body.customerReference === 'string' ? body.customerReference.trim() : ''
  const before = reference ? await findRequestsByReference(reference).catch(() => [] as string[]) : []
  try {
    return { kind: 'created', id: (await createRequest(body)).id }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (!isUncertain(error)) return { kind: 'refused', error }
    return check(error, reference, before)
  }
}

async function check(error: ApiError, reference: string, before: readonly string[]): Promise<Outcome> {
  if (!reference) return { kind: 'unverifiable', error }
  try {
    const found = (await findRequestsByReference(reference)).find((id) => !before.includes(id))
    return found ? { kind: 'found', id: found } : { kind: 'notCreated', error, reference }
  } catch {
    return { kind: 'unverified', error, reference, before }
  }
}

export interface RequestFormProps {
  item: CatalogItem
  userId: string
  action?: RequestAction
  source?: Request
  contracts: readonly { number: string; name: string }[]
}

/**
 * The form of one catalog item, generated from its JSON Schema; its draft, its validation, its sending.
 * Give it a `key` per draft (person, item, action, source): its initial values are read once.
 */
export function RequestForm({ item, userId, action, source, contracts }: RequestFormProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const model = useMemo(() => readFormModel(item.schema), [item.schema])
  const today = todayUtc()
  const validator = useMemo(() => createBodyValidator(item, model, today), [item, model, today])
  const key = draftKey({ userId, itemId: item.id, action, from: source?.id })

  const [start] = useState(() => {
    const fresh = () => {
      const known = source && action ? prefillFrom(action, source) : {}
      return valuesFrom(model, { ...known, customerReference: uniqueReference() }) as FormValues
    }
    const draft = readDraft(key)
    return { fresh, values: draft ? (valuesFrom(model, draft.values) as FormValues) : fresh(), restoredAt: draft?.savedAt }
  })
  const [restoredAt, setRestoredAt] = useState(start.restoredAt)
  const [generatedReference, setGeneratedReference] = useState(!start.restoredAt)

  const resolver: Resolver<FormValues> = (values) => {
    const issues = validator.validate(toBody(model, values), currentLanguage())
    if (issues.length === 0) return { values, errors: {} }
    const { placed, unplaced } = placeIssues(issues, model)
    return { values: {}, errors: toFieldErrors(placed, unplaced) as FieldErrors<FormValues> }
  }
  const form = useForm<FormValues>({ defaultValues: start.values, resolver, mode: 'onTouched', shouldFocusError: true })
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

  // Leaving asks first: inside the console (router blocker) and when closing or reloading the tab.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !sent.current && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!isDirty) return
    const warn = (event: BeforeUnloadEvent) => {
      if (sent.current) return
      // preventDefault alone asks every browser we support to confirm (the HTML standard's way; returnValue is legacy).
      event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  const [serverProblem, setServerProblem] = useState<{ error: ApiError; unplaced: FieldIssue[] } | null>(null)
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)

  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const settle = (next: Outcome) => {
    if (next.kind === 'created' || next.kind === 'found') {
      sent.current = true
      removeDraft(key)
      void queryClient.invalidateQueries({ queryKey: ['requests'] })
      void navigate(`/requests/${encodeURIComponent(next.id)}`)
      return
    }
    setOutcome(next)
    if (next.kind === 'refused') showRefusal(next.error)
  }
  const mutation = useMutation({ mutationFn: send, onMutate: () => setOutcome(null), onSuccess: settle })
  const recheck = useMutation({
    mutationFn: (lost: { error: ApiError; reference?: string; before?: readonly string[] }) => check(lost.error, lost.reference ?? '', lost.before ?? []),
    onSuccess: settle,
  })

  const showRefusal = (error: ApiError) => {
    const issues: FieldIssue[] = error.fields.length > 0 ? error.fields : FIELD_OF_CODE[error.code ?? -1] ? [{ path: FIELD_OF_CODE[error.code!]!, message: error.description ?? error.message }] : []
    const { placed, unplaced } = placeIssues(issues, model)
    placed.forEach((issue: PlacedIssue, index) => form.setError(issue.name, { type: 'server', message: issue.message }, { shouldFocus: index === 0 && !issue.name.endsWith('.root') }))
    setServerProblem({ error, unplaced })
    if (placed.length === 0 || placed[0]!.name.endsWith('.root')) requestAnimationFrame(() => summaryRef.current?.focus())
  }

  const needsConfirmation = item.category === 'termination' || item.category === 'cancellation'
  const onValid = (values: FormValues) => {
    setServerProblem(null)
    const body = toBody(model, values) as Record<string, unknown>
    if (needsConfirmation) setConfirming(body)
    else mutation.mutate(body)
  }
  const onInvalid = () =>
    requestAnimationFrame(() => {
      // Focus went to the first invalid field; with none to focus (a group's own issue) the summary takes it.
      const focused = document.activeElement
      if (!focused || focused === document.body || focused.tagName === 'BUTTON') summaryRef.current?.focus()
    })

  const startOver = () => {
    removeDraft(key)
    setRestoredAt(undefined)
    setGeneratedReference(true)
    form.reset(start.fresh())
  }

  const errorList = collectErrors(errors)
  const showSummary = (isSubmitted && errorList.length > 0) || serverProblem !== null
  const busy = mutation.isPending || recheck.isPending
  // What a confirmation names: the service point a termination ends, the request a cancellation closes.
  const target =
    item.category === 'termination'
      ? ((confirming?.properties as { servicePoint?: { id?: unknown } } | undefined)?.servicePoint?.id ?? '')
      : (confirming?.requestId ?? source?.id ?? '')

  return (
    <FieldExtrasContext value={{ earliestDate: earliestRequestedDate(), contracts, generatedReference }}>
      <FormProvider {...form}>
        {restoredAt && (
          <div className="card form-draft" role="status">
            <p>
              {t('createRequest.form.draftRestored', { when: new Date(restoredAt).toLocaleString(i18n.resolvedLanguage) })}{' '}
              {model.children.some((c) => c.kind === 'files') && t('createRequest.form.draftFilesAgain')}
            </p>
            <button type="button" className="button button--secondary" onClick={startOver}>
              {t('createRequest.form.startOver')}
            </button>
          </div>
        )}
        <form className="request-form" aria-label={t('createRequest.form.label')} noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
          <SchemaField field={model} name="" />

          <div ref={summaryRef} tabIndex={-1} className={showSummary ? 'error-message' : undefined} aria-live="polite">
            {showSummary && errorList.length > 0 && (
              <>
                <p className="error-message__what">{t('createRequest.form.summaryTitle', { count: errorList.length })}</p>
                <ul>
                  {errorList.map(({ name, message }) => (
                    <li key={name}>
                      {name === 'root' ? (
                        message
                      ) : (
                        <>
                          <a href={`#${fieldId(name.replace(/\.root$/, ''))}`}>{labelOf(model, name)}</a>: {message}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {serverProblem && (
              <>
                <p className="error-message__what">{t('createRequest.form.serverRefused', { message: serverProblem.error.message })}</p>
                {serverProblem.error.description && <p>{serverProblem.error.description}</p>}
                {serverProblem.unplaced.length > 0 && (
                  <ul>
                    {serverProblem.unplaced.map((issue) => (
                      <li key={issue.path}>
                        <code>{issue.path}</code> {issue.message}
                      </li>
                    ))}
                  </ul>
                )}
                {serverProblem.error.requestId && (
                  <p>
                    {t('createRequest.form.requestId')} <code>{serverProblem.error.requestId}</code>
                  </p>
                )}
              </>
            )}
          </div>

          {outcome && (outcome.kind === 'notCreated' || outcome.kind === 'unverified' || outcome.kind === 'unverifiable') && !busy && (
            <div className="error-message" role="alert">
              <p className="error-message__what">{t(`createRequest.outcome.${outcome.kind}`, { reference: outcome.reference })}</p>
              {outcome.error.requestId && (
                <p>
                  {t('createRequest.form.requestId')} <code>{outcome.error.requestId}</code>
                </p>
              )}
              {outcome.kind === 'unverified' ? (
                <button type="button" className="button" onClick={() => recheck.mutate(outcome)}>
                  {t('createRequest.outcome.checkAgain')}
                </button>
              ) : (
                <p className="muted">{outcome.kind === 'unverifiable' && <Link to="/requests">{t('createRequest.outcome.openRequests')}</Link>}</p>
              )}
            </div>
          )}

          {confirming ? (
            <div className="card form-confirm" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-body">
              <h2 id="confirm-title">{t(`createRequest.form.confirmTitle.${item.category}`)}</h2>
              <p id="confirm-body">{t(`createRequest.form.confirmBody.${item.category}`, { target: String(target) })}</p>
              <div className="form-actions">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={busy}
                  autoFocus
                  onClick={() => {
                    mutation.mutate(confirming)
                    setConfirming(null)
                  }}
                >
                  {t(`createRequest.form.confirm.${item.category}`)}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
                  {t('createRequest.form.goBack')}
                </button>
              </div>
            </div>
          ) : (
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? t('createRequest.form.sending') : outcome?.kind === 'notCreated' || outcome?.kind === 'unverifiable' ? t('createRequest.outcome.retry') : t('createRequest.form.submit')}
              </button>
              {busy && <p role="status">{t('createRequest.form.checking')}</p>}
            </div>
          )}
        </form>

        {blocker.state === 'blocked' && (
          <div className="card form-confirm" role="alertdialog" aria-labelledby="leave-title" aria-describedby="leave-body">
            <h2 id="leave-title">{t('createRequest.form.leaveTitle')}</h2>
            <p id="leave-body">{t('createRequest.form.leaveBody')}</p>
            <div className="form-actions">
              <button type="button" className="button" autoFocus onClick={() => blocker.reset()}>
                {t('createRequest.form.stay')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
                {t('createRequest.form.leave')}
              </button>
            </div>
          </div>
        )}
      </FormProvider>
    </FieldExtrasContext>
  )

}

/** Every message of the errors object, with its field's name, in the form's order. */
function collectErrors(errors: object, prefix = ''): { name: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]) => {
    if (key === 'ref' || typeof value !== 'object' || value === null) return []
    const name = prefix ? `${prefix}.${key}` : key
    const message = (value as { message?: unknown }).message
    return typeof message === 'string' ? [{ name, message }] : collectErrors(value, name)
  })
}

/** "Location › Address › City", "VLANs › 2 › Label": where a message belongs, said with the form's labels. */
function labelOf(model: FormField, name: string): string {
  const labels: string[] = []
  let node: FormField | undefined = model
  for (const segment of name.replace(/\.root$/, '').split('.')) {
    if (node?.kind === 'object') node = node.children.find((child) => child.key === segment)
    else if (node?.kind === 'array') node = node.item
    else node = undefined
    if (!node) break
    labels.push(/^\d+$/.test(segment) ? String(Number(segment) + 1) : node.label)
  }
  return labels.join(' › ') || name
}
