import type { SubmitEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { MOBILE_DISCOVER_PATH } from '../mobile-paths'

/**
 * The sign-in page's second way in: the gateway starts discovery and sends the browser on to the
 * operator-selection page (docs/decisions/0017-mobile-connect.md), on another origin in production. A
 * navigation rather than a form submission, because the SPA's CSP (form-action 'self') rightly forbids a
 * form to lead elsewhere. The level asked decides what the person may do: level 2 reads, level 3 (SIM
 * PIN) also places requests.
 */
export function MobileSignInOption({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation()
  const start = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const acr = new FormData(event.currentTarget).get('acr') === '3' ? '3' : '2'
    window.location.assign(`${MOBILE_DISCOVER_PATH}?${new URLSearchParams({ acr, returnTo })}`)
  }
  return (
    <section className="sign-in__mobile" aria-labelledby="mobile-sign-in-title">
      <h2 id="mobile-sign-in-title">{t('auth.mobile.option.title')}</h2>
      <p>{t('auth.mobile.option.intro')}</p>
      <form onSubmit={start}>
        <fieldset className="field">
          <legend>{t('auth.mobile.option.level')}</legend>
          <label className="choice">
            <input type="radio" name="acr" value="2" defaultChecked /> {t('auth.mobile.option.level2')}
          </label>
          <label className="choice">
            <input type="radio" name="acr" value="3" /> {t('auth.mobile.option.level3')}
          </label>
        </fieldset>
        <button type="submit" className="button button--secondary">
          {t('auth.mobile.option.button')}
        </button>
      </form>
    </section>
  )
}
