import type { FormField } from './form-model'
import type { BodyValidator } from './form-validation'

/**
 * The form's validator, loaded apart from the page: it needs classic zod (`z.fromJSONSchema`) and RE2 (re2js), most of
 * the form's JavaScript, and is needed only once the person changes a field or sends (docs/decisions/0024-delivery.md).
 * The form asks for it once it has first rendered (`useFormResolver`), so that it is there by the first check and its
 * evaluation never holds the form's first render back. A load that fails checks nothing this time (the API checks every
 * body, 0006) and is tried again at the next check.
 */
export function lazyBodyValidator(item: { variant?: string; schema?: unknown }, model: FormField, today: string): () => Promise<BodyValidator | undefined> {
  let loading: Promise<BodyValidator> | undefined
  const load = () => {
    loading ??= import('./form-validation').then(({ createBodyValidator }) => createBodyValidator(item, model, today))
    return loading.catch(() => {
      loading = undefined
      return undefined
    })
  }
  return load
}
