import { errorApi, type MessageTable } from '../shared/api-error'

/**
 * The message table of the gateway's own answers on its ordering API (the API proxy, the send guard of 0020, the
 * operator budget of 0021); the operator's errors pass through as they are. The platform entity: `message` is the
 * code's unless an entry words it its own way (a 502 or 504 says which upstream failed).
 */
export const GATEWAY_ERRORS = errorApi('gateway', 'platform', {
  notFound: { en: 'No resource exists at {{path}}.', fr: 'Aucune ressource n’existe à l’adresse {{path}}.' },
  unreachable: {
    message: { en: 'The ordering API could not be reached', fr: 'L’API de commande est injoignable' },
    en: 'The ordering API could not be reached. Try again in a moment.',
    fr: 'L’API de commande est injoignable. Réessayez dans un instant.',
  },
  timeout: {
    message: { en: 'The ordering API did not answer in time', fr: 'L’API de commande n’a pas répondu à temps' },
    en: 'The ordering API took too long to answer. The request may still have been processed; check before retrying.',
    fr: 'L’API de commande a mis trop de temps à répondre. La demande a peut-être été traitée : vérifiez avant de réessayer.',
  },
  signedOut: {
    message: { en: 'Not signed in', fr: 'Non connecté' },
    en: 'Sign in to see the state of a send.',
    fr: 'Connectez-vous pour voir l’état d’un envoi.',
  },
  badSendQuery: {
    en: 'Give customerReference, 1 to 18 characters, once.',
    fr: 'Indiquez customerReference, de 1 à 18 caractères, une seule fois.',
  },
  inFlight: {
    message: { en: 'A request with this reference is still being sent', fr: 'Une demande avec cette référence est encore en cours d’envoi' },
    en: 'A request with the customer reference {{reference}} was sent a moment ago and is still being processed. Wait until it has been processed, then check the list of requests before sending again.',
    fr: 'Une demande avec la référence client {{reference}} vient d’être envoyée et est encore en cours de traitement. Attendez la fin de son traitement, puis vérifiez la liste des demandes avant de renvoyer.',
  },
  signInUnavailable: {
    message: { en: 'The sign-in service is unavailable', fr: 'Le service de connexion est indisponible' },
    en: 'The sign-in service is unavailable for a moment, so the console cannot check who you are. Try again in a few seconds.',
    fr: 'Le service de connexion est indisponible pour un moment : la console ne peut pas vérifier qui vous êtes. Réessayez dans quelques secondes.',
  },
  operatorBudget: {
    en: 'The console is sending the operator too many requests right now. Try again in {{seconds}} s.',
    fr: 'La console envoie trop de requêtes à l’opérateur en ce moment. Réessayez dans {{seconds}} s.',
  },
} satisfies MessageTable<string>)
