import { useEffect, type RefObject } from 'react'
import { useTranslation } from '@/i18n/use-translation'

/**
 * The document's title, for every page from one place: the page's heading (its `h1`, or what the heading's
 * `data-title` says when the heading alone does not tell the page apart, as a request's name without its id) with the
 * console's name, in the page's language. It follows the heading as the page's content arrives and changes, so no page
 * sets a title by hand and none is left with the console's name alone (docs/decisions/0033-layout-at-every-width.md).
 */
export function usePageTitle(main: RefObject<HTMLElement | null>) {
  const { t } = useTranslation()
  useEffect(() => {
    const element = main.current
    if (!element) return
    const update = () => {
      const heading = element.querySelector('h1')
      const page = (heading?.dataset.title ?? heading?.textContent ?? '').replace(/\s+/g, ' ').trim()
      const title = page ? t('app.pageTitle', { page }) : t('app.name')
      if (document.title !== title) document.title = title
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-title'] })
    return () => observer.disconnect()
  }, [main, t])
}
