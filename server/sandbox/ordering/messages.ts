import type { MessageLanguage } from '@contract/issue-messages'
import { errorApi, type MessageTable } from '../../shared/api-error'

type Localized = Record<MessageLanguage, string>

/**
 * The ordering API's message table: per error, what went wrong in detail and what to do (the `description`; the
 * `message` is the code's, server/shared/error-messages.ts). `{{name}}` placeholders are filled from the error's params.
 */
const ORDERING_TEXTS = {
  unavailable: {
    en: 'The API is under maintenance or overloaded. Try again in a few minutes.',
    fr: 'L’API est en maintenance ou surchargée. Réessayez dans quelques minutes.',
  },
  missingApiKey: {
    en: 'Send the API key in the x-api-key header (or query parameter).',
    fr: 'Envoyez la clé d’API dans l’en-tête x-api-key (ou en paramètre de requête).',
  },
  invalidApiKey: { en: 'The API key is not known.', fr: 'La clé d’API n’est pas reconnue.' },
  missingToken: {
    en: 'Send an access token as Authorization: Bearer <token>.',
    fr: 'Envoyez un jeton d’accès dans Authorization: Bearer <jeton>.',
  },
  invalidToken: {
    en: 'The access token is unknown or was revoked. Obtain a new one.',
    fr: 'Le jeton d’accès est inconnu ou a été révoqué. Obtenez-en un nouveau.',
  },
  consentRevoked: {
    en: 'The user withdrew consent for this application. Sign in again.',
    fr: 'L’utilisateur a retiré son consentement à cette application. Reconnectez-vous.',
  },
  tokenOtherClient: {
    en: 'The access token was issued to another application than the API key’s.',
    fr: 'Le jeton d’accès a été émis pour une autre application que celle de la clé d’API.',
  },
  expiredToken: {
    en: 'The access token has expired. Renew it and send the request again.',
    fr: 'Le jeton d’accès a expiré. Renouvelez-le puis renvoyez la requête.',
  },
  notSubscribed: {
    en: 'The application’s subscription to this API is missing, pending or suspended.',
    fr: 'L’abonnement de l’application à cette API est absent, en attente ou suspendu.',
  },
  rateLimited: {
    en: 'Too many requests in a short time. Retry after the number of seconds given in Retry-After.',
    fr: 'Trop de requêtes en peu de temps. Réessayez après le nombre de secondes indiqué par Retry-After.',
  },
  spikeArrest: {
    en: 'Spike arrest limit of {{limit}} requests per second exceeded. Retry after about a second.',
    fr: 'Limite anti-pic de {{limit}} requêtes par seconde dépassée. Réessayez dans une seconde environ.',
  },
  // Reference 2 "Limits": the description names the global quota limit, apart from the spike arrest's (0032).
  quotaMonth: {
    en: 'Global quota limit of {{limit}} calls per month for this application on this API reached. It resets at {{resetAt}} (GMT).',
    fr: 'Limite globale de quota de {{limit}} appels par mois atteinte pour cette application sur cette API. Elle est remise à zéro le {{resetAt}} (GMT).',
  },
  quotaDay: {
    en: 'Global quota limit of {{limit}} calls per day for this application on this API reached. It resets at {{resetAt}} (GMT).',
    fr: 'Limite globale de quota de {{limit}} appels par jour atteinte pour cette application sur cette API. Elle est remise à zéro le {{resetAt}} (GMT).',
  },
  quotaRolling: {
    en: 'Global quota limit of {{limit}} calls per {{seconds}} seconds for this application on this API reached. Calls free up gradually as older ones leave the window.',
    fr: 'Limite globale de quota de {{limit}} appels sur {{seconds}} secondes atteinte pour cette application sur cette API. Les appels se libèrent peu à peu, à mesure que les plus anciens sortent de la fenêtre.',
  },
  readonlyScope: {
    en: 'The b2b:ordering scope is needed to submit requests; this token only has b2b:ordering:readonly.',
    fr: 'La portée b2b:ordering est nécessaire pour soumettre des demandes ; ce jeton n’a que b2b:ordering:readonly.',
  },
  noOrderingScope: {
    en: 'The token carries neither b2b:ordering nor b2b:ordering:readonly.',
    fr: 'Le jeton ne porte ni b2b:ordering ni b2b:ordering:readonly.',
  },
  requestNotFound: { en: 'No request {{id}} exists for your company.', fr: 'Aucune demande {{id}} n’existe pour votre société.' },
  catalogItemNotFound: { en: 'No catalog item {{id}} exists.', fr: 'Aucun élément de catalogue {{id}} n’existe.' },
  pathNotFound: { en: 'No resource exists at {{path}}.', fr: 'Aucune ressource n’existe à l’adresse {{path}}.' },
  methodNotAllowed: {
    en: '{{method}} is not allowed on {{path}}; allowed: {{allowed}}.',
    fr: '{{method}} n’est pas autorisé sur {{path}} ; autorisé : {{allowed}}.',
  },
  field: { en: '{{path}} {{message}}.', fr: '{{path}} {{message}}.' },
  fields: { en: '{{count}} fields are invalid; the first: {{path}} {{message}}.', fr: '{{count}} champs sont invalides ; le premier : {{path}} {{message}}.' },
  repeatedParameter: {
    en: '{{name}} is given more than once; give it once, with values separated by commas.',
    fr: '{{name}} est donné plusieurs fois ; donnez-le une seule fois, avec les valeurs séparées par des virgules.',
  },
  malformedJson: { en: 'The body is not valid JSON: {{detail}}', fr: 'Le corps n’est pas du JSON valide : {{detail}}' },
  jsonDepth: {
    en: 'The body nests objects and arrays more than {{max}} levels deep. Send a flatter body.',
    fr: 'Le corps imbrique objets et tableaux sur plus de {{max}} niveaux. Envoyez un corps moins imbriqué.',
  },
  jsonObjectKeys: {
    en: 'An object of the body has more than {{max}} keys. Send fewer fields.',
    fr: 'Un objet du corps a plus de {{max}} clés. Envoyez moins de champs.',
  },
  jsonArrayItems: {
    en: 'An array of the body has more than {{max}} items. Send fewer items.',
    fr: 'Un tableau du corps a plus de {{max}} éléments. Envoyez moins d’éléments.',
  },
  jsonNodes: {
    en: 'The body holds more than {{max}} values in all. Send a smaller body.',
    fr: 'Le corps contient plus de {{max}} valeurs au total. Envoyez un corps plus petit.',
  },
  notAnObject: { en: 'The body must be a JSON object.', fr: 'Le corps doit être un objet JSON.' },
  attachmentTooLarge: {
    en: '{{path}} is larger than 1 MiB once decoded. Send a smaller file.',
    fr: '{{path}} dépasse 1 Mio une fois décodé. Envoyez un fichier plus petit.',
  },
  contentType: {
    en: 'Send the body as application/json.',
    fr: 'Envoyez le corps au format application/json.',
  },
  bodyTooLarge: {
    en: 'The body is larger than {{max}} bytes. Send fewer or smaller attachments.',
    fr: 'Le corps dépasse {{max}} octets. Envoyez moins de pièces jointes ou des pièces jointes plus petites.',
  },
  unknownType: {
    en: 'No catalog item has the type {{type}}. GET /catalogItems lists the types you can request.',
    fr: 'Aucun élément de catalogue n’a le type {{type}}. GET /catalogItems liste les types disponibles.',
  },
  unknownContract: {
    en: 'Contract {{contract}} is not one of your company’s contracts. GET /me lists them.',
    fr: 'Le contrat {{contract}} n’est pas un contrat de votre société. GET /me les liste.',
  },
  targetNotFound: {
    en: 'requestId {{id}} does not name a request of your company.',
    fr: 'requestId {{id}} ne désigne aucune demande de votre société.',
  },
  targetClosed: {
    en: 'Request {{id}} is {{status}}; only a NEW or IN_PROGRESS request can be cancelled.',
    fr: 'La demande {{id}} est {{status}} ; seule une demande NEW ou IN_PROGRESS peut être annulée.',
  },
  modifyClosed: {
    en: 'Request {{id}} is {{status}}; only a NEW or IN_PROGRESS request, or a delivered service (a COMPLETED creation), can be modified.',
    fr: 'La demande {{id}} est {{status}} ; seule une demande NEW ou IN_PROGRESS, ou un service livré (une création COMPLETED), peut être modifiée.',
  },
  serviceTerminated: {
    en: 'The service delivered by request {{id}} is terminated or has a termination under way ({{request}}); it can no longer be modified.',
    fr: 'Le service livré par la demande {{id}} est résilié ou a une résiliation en cours ({{request}}) ; il ne peut plus être modifié.',
  },
  targetIncompatible: {
    en: 'A {{requested}} request cannot act on {{id}}, a {{type}} request. GET /catalogItems/{{item}} tells what it applies to.',
    fr: 'Une demande {{requested}} ne peut pas porter sur {{id}}, une demande {{type}}. GET /catalogItems/{{item}} indique à quoi elle s’applique.',
  },
  unknownServicePoint: {
    en: 'Service point {{id}} is not a delivered service of your company.',
    fr: 'Le point de service {{id}} n’est pas un service livré de votre société.',
  },
  servicePointTerminated: {
    en: 'Service point {{id}} is already terminated or has a termination under way ({{request}}).',
    fr: 'Le point de service {{id}} est déjà résilié ou a une résiliation en cours ({{request}}).',
  },
  internal: {
    en: 'An unexpected error occurred. Quote the request id to support.',
    fr: 'Une erreur inattendue s’est produite. Communiquez l’identifiant de requête au support.',
  },
} satisfies MessageTable<string>

/** The sandbox's ordering API (reference 1): its errors are the platform entity (0004). */
export const ORDERING_ERRORS = errorApi('ordering', 'platform', ORDERING_TEXTS)

/** Business reasons a request is rejected for, by code (docs/decisions/0003-request-lifecycle.md). */
/** `reason` is a stable code, the same in every language; `message` is localized. */
export const REJECTION_REASONS: Record<number, { reason: string; message: Localized }> = {
  301: {
    reason: 'ADDRESS_NOT_ELIGIBLE',
    message: {
      en: 'The site address is outside the area where this service can be delivered. Check the postal code or choose another site.',
      fr: 'L’adresse du site est hors de la zone où ce service peut être livré. Vérifiez le code postal ou choisissez un autre site.',
    },
  },
  302: {
    reason: 'CONTACT_UNREACHABLE',
    message: {
      en: 'The primary contact has no phone, mobile or e-mail. Give at least one way to reach them.',
      fr: 'Le contact principal n’a ni téléphone, ni mobile, ni e-mail. Indiquez au moins un moyen de le joindre.',
    },
  },
  303: {
    reason: 'BILLING_ACCOUNT_UNKNOWN',
    message: {
      en: 'The billing account code is not known for this contract. Use a billing account listed on your invoices.',
      fr: 'Le code du compte de facturation n’est pas connu pour ce contrat. Utilisez un compte figurant sur vos factures.',
    },
  },
  304: {
    reason: 'CANCELLED',
    message: {
      en: 'This request was cancelled at your request by {{request}}.',
      fr: 'Cette demande a été annulée à votre demande par {{request}}.',
    },
  },
  305: {
    reason: 'NETWORK_UNKNOWN',
    message: {
      en: 'The network identifier does not exist for your company. Check the network id.',
      fr: 'L’identifiant de réseau n’existe pas pour votre société. Vérifiez l’identifiant du réseau.',
    },
  },
  307: {
    reason: 'NO_CAPACITY',
    message: {
      en: 'There is no capacity left to deliver this service at the site on that date. Choose another date or a lower bandwidth.',
      fr: 'Il ne reste pas de capacité pour livrer ce service sur le site à cette date. Choisissez une autre date ou un débit inférieur.',
    },
  },
}

/** Codes the seed picks from for rejected requests. */
export const SEEDABLE_REJECTIONS = [301, 302, 303, 305, 307] as const

export interface StoredRejection {
  code: number
  params?: Record<string, string>
}
