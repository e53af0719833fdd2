import type { Catalog } from './translator'
import messages from './locales/fr.json'
import auth from '../features/auth/locales/fr.json'
import apiStatus from '../features/api-status/locales/fr.json'

/** The French counterpart of global-messages-en.ts: its own chunk, fetched before a French page first shows. */
export const globalMessagesFr: Catalog = { ...messages, auth, apiStatus }
