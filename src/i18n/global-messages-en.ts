import type { Catalog } from './translator'
import messages from './locales/en.json'
import auth from '../features/auth/locales/en.json'
import apiStatus from '../features/api-status/locales/en.json'

/**
 * The English messages every page may show before its route loads anything: the global ones, the sign-in's
 * (every page's header and the sign-in page) and the service status's (the layout's banners, and the Me and API
 * pages, which open offline). English is in the entry: it is the fallback language.
 */
export const globalMessagesEn: Catalog = { ...messages, auth, apiStatus }
