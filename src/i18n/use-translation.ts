import { useSyncExternalStore } from 'react'
import { i18n } from './i18n'

const language = () => i18n.language

/**
 * `t` in the current language, and the translator (for `i18n.language`, `i18n.exists`…). The component renders
 * again when the language switches; `t` is a new function then (and the same one otherwise).
 */
export function useTranslation() {
  const current = useSyncExternalStore(i18n.subscribe, language, language)
  return { t: i18n.getFixedT(current), i18n }
}
