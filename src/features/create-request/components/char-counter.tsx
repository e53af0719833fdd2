import { useEffect, useState } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { renderingFirstView } from '@/lib/view-input'

/** How long typing must pause before the count is said: a screen reader hears it once, not at every key. */
export const COUNT_ANNOUNCE_DELAY_MS = 1_200

/**
 * "12 of 18 characters", shown as the person types; said politely once they pause, and at once when the
 * limit is passed (docs/decisions/0014-creation-forms.md).
 */
export function CharCounter({ length, max, id }: { length: number; max: number; id: string }) {
  const { t } = useTranslation()
  // The count alone, red once over: the field's one message says what is wrong (docs/decisions/0034).
  const text = t('createRequest.counter.used', { length, max })
  const [said, setSaid] = useState('')
  const over = length > max
  useEffect(() => {
    if (length === 0) return
    const timer = setTimeout(() => setSaid(text), over ? 0 : COUNT_ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, over, length])
  return (
    <>
      {/* In the gateway's form the count cannot follow what is typed before the page's code: its line is kept, empty. */}
      <p
        id={id}
        className={over ? 'form-field__count form-field__count--over' : 'form-field__count'}
        aria-hidden="true"
        style={renderingFirstView ? { visibility: 'hidden' } : undefined}
      >
        {text}
      </p>
      <span className="create-request__sr" aria-live="polite">
        {said}
      </span>
    </>
  )
}
