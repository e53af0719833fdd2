import { ERROR_CODE, type ErrorCode } from '@contract/error'
import type { MessageLanguage } from '@contract/issue-messages'

/**
 * The localized `message` of each error code, what happened in a sentence: one table for the whole server (the
 * sandbox's APIs, the gateway and the edge, docs/decisions/0022-server-edge.md).
 */
export const ERROR_MESSAGES: Record<ErrorCode, Record<MessageLanguage, string>> = {
  [ERROR_CODE.unavailable]: { en: 'The API is unavailable', fr: 'L’API est indisponible' },
  [ERROR_CODE.missingCredentials]: { en: 'Missing credentials', fr: 'Identifiants manquants' },
  [ERROR_CODE.invalidCredentials]: { en: 'Invalid credentials', fr: 'Identifiants invalides' },
  [ERROR_CODE.expiredCredentials]: { en: 'Expired credentials', fr: 'Identifiants expirés' },
  [ERROR_CODE.accessDenied]: { en: 'Access denied', fr: 'Accès refusé' },
  [ERROR_CODE.tooManyRequests]: { en: 'Too many requests', fr: 'Trop de requêtes' },
  [ERROR_CODE.internal]: { en: 'Internal error', fr: 'Erreur interne' },
  [ERROR_CODE.malformedBody]: { en: 'Malformed request body', fr: 'Corps de requête mal formé' },
  [ERROR_CODE.invalidField]: { en: 'Invalid field', fr: 'Champ invalide' },
  [ERROR_CODE.invalidQueryParameter]: { en: 'Invalid query parameter', fr: 'Paramètre de requête invalide' },
  [ERROR_CODE.unknownQueryParameter]: { en: 'Unknown query parameter', fr: 'Paramètre de requête inconnu' },
  [ERROR_CODE.insufficientScope]: { en: 'Insufficient scope', fr: 'Portée insuffisante' },
  [ERROR_CODE.notFound]: { en: 'Resource not found', fr: 'Ressource introuvable' },
  [ERROR_CODE.methodNotAllowed]: { en: 'Method not allowed', fr: 'Méthode non autorisée' },
  [ERROR_CODE.unsupportedMediaType]: { en: 'Unsupported media type', fr: 'Type de contenu non pris en charge' },
  [ERROR_CODE.payloadTooLarge]: { en: 'Request body too large', fr: 'Corps de requête trop volumineux' },
  [ERROR_CODE.sendInFlight]: {
    en: 'A request with this customer reference is still being processed',
    fr: 'Une demande avec cette référence client est encore en cours de traitement',
  },
  [ERROR_CODE.unknownRequestType]: { en: 'Unknown request type', fr: 'Type de demande inconnu' },
  [ERROR_CODE.unknownContract]: { en: 'Unknown contract', fr: 'Contrat inconnu' },
  [ERROR_CODE.targetRequestNotFound]: { en: 'Request not found', fr: 'Demande introuvable' },
  [ERROR_CODE.targetRequestClosed]: { en: 'Request already closed', fr: 'Demande déjà clôturée' },
  [ERROR_CODE.unknownServicePoint]: { en: 'Unknown service point', fr: 'Point de service inconnu' },
  [ERROR_CODE.servicePointTerminated]: { en: 'Service point already terminated', fr: 'Point de service déjà résilié' },
  [ERROR_CODE.targetRequestIncompatible]: { en: 'Request cannot be changed this way', fr: 'La demande ne peut pas être modifiée ainsi' },
}
