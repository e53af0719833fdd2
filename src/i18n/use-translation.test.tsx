// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage, detectLanguage } from './i18n'
import { useTranslation } from './use-translation'

afterEach(async () => {
  await act(() => changeLanguage('en'))
  localStorage.clear()
  vi.resetModules()
})

function SkipLink() {
  const { t, i18n } = useTranslation()
  return (
    <a href="#main" lang={i18n.language}>
      {t('app.skipToContent')}
    </a>
  )
}

describe('useTranslation', () => {
  it('renders again in the new language when the language switches, and <html lang> follows', async () => {
    render(<SkipLink />)
    expect(screen.getByRole('link')).toHaveTextContent('Skip to content')
    expect(document.documentElement.lang).toBe('en')

    await act(() => changeLanguage('fr'))
    expect(screen.getByRole('link')).toHaveTextContent('Aller au contenu')
    expect(screen.getByRole('link')).toHaveAttribute('lang', 'fr')
    expect(document.documentElement.lang).toBe('fr')
    expect(localStorage.getItem('ordering-console.language')).toBe('fr')
  })
})

describe('the language a page starts in', () => {
  it('is the stored choice, else the browser’s first language we speak, else English', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get')
    languages.mockReturnValue(['de-DE', 'fr-CA', 'en'])
    expect(detectLanguage()).toBe('fr')
    languages.mockReturnValue(['de-DE', 'it'])
    expect(detectLanguage()).toBe('en')
    localStorage.setItem('ordering-console.language', 'en')
    languages.mockReturnValue(['fr-FR'])
    expect(detectLanguage()).toBe('en')
  })

  it('is in place, with its messages, when i18nReady settles (src/main.tsx renders then)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR'])
    vi.resetModules()
    const fresh = await import('./i18n')
    await fresh.i18nReady
    expect(fresh.i18n.language).toBe('fr')
    expect(fresh.i18n.t('app.skipToContent')).toBe('Aller au contenu')
    expect(fresh.i18n.t('auth.checking')).toBe('Vérification de votre session…')
    expect(document.documentElement.lang).toBe('fr')
  })
})
