import type { MessageLanguage } from '@contract/issue-messages'

/** French for every title and description the built-in catalog schemas publish (a test keeps it complete). */
export const SCHEMA_TEXT_FR: Record<string, string> = {
  'Request type': 'Type de demande',
  'Requested date': 'Date souhaitée',
  'Date wanted for execution; at least today plus 7 days.': 'Date d’exécution souhaitée ; au moins aujourd’hui plus 7 jours.',
  'Your reference': 'Votre référence',
  'Your own reference, at most 18 characters.': 'Votre propre référence, 18 caractères au plus.',
  Contract: 'Contrat',
  'Contract number, at most 10 characters; routes the request.': 'Numéro de contrat, 10 caractères au plus ; oriente la demande.',
  Name: 'Nom',
  Comment: 'Commentaire',
  Attachments: 'Pièces jointes',
  'Send an empty list when there is none.': 'Envoyez une liste vide s’il n’y en a pas.',
  Attachment: 'Pièce jointe',
  'File name': 'Nom du fichier',
  Content: 'Contenu',
  'The file content, base64-encoded; at most 1 MiB once decoded.': 'Le contenu du fichier, encodé en base64 ; 1 Mio au plus une fois décodé.',
  Request: 'Demande',
  'Identifier of the request this one acts on, for example REQ00001234.': 'Identifiant de la demande sur laquelle celle-ci porte, par exemple REQ00001234.',
  Location: 'Site',
  'Site name': 'Nom du site',
  'Company on site': 'Société sur site',
  'Legal number of the company on site': 'Numéro légal de la société sur site',
  Building: 'Bâtiment',
  Residence: 'Résidence',
  Floor: 'Étage',
  Room: 'Salle',
  Stair: 'Escalier',
  'Site identifier': 'Identifiant du site',
  Address: 'Adresse',
  Street: 'Rue',
  'Street, continued': 'Complément d’adresse',
  'Postal code': 'Code postal',
  City: 'Ville',
  Country: 'Pays',
  'Two-letter country code (ISO 3166-1), for example FR.': 'Code pays à deux lettres (ISO 3166-1), par exemple FR.',
  Contacts: 'Contacts',
  'Primary contact': 'Contact principal',
  Title: 'Civilité',
  'First name': 'Prénom',
  'Last name': 'Nom',
  Mobile: 'Mobile',
  Phone: 'Téléphone',
  'E-mail': 'E-mail',
  'Service point': 'Point de service',
  'Identifier of the delivered service, shown on the completed creation request.': 'Identifiant du service livré, indiqué sur la demande de création terminée.',
  Network: 'Réseau',
  'Network identifier': 'Identifiant du réseau',
  'Billing account': 'Compte de facturation',
  'Billing account code': 'Code du compte de facturation',
  Options: 'Options',
  'Bandwidth (Mbit/s)': 'Débit (Mbit/s)',
  'Static IP address': 'Adresse IP fixe',
  VLANs: 'VLAN',
  VLAN: 'VLAN',
  'VLAN id': 'Identifiant de VLAN',
  Label: 'Libellé',
  'Class of service': 'Classe de service',
  Profile: 'Profil',
  'A calendar date, YYYY-MM-DD.': 'Une date, AAAA-MM-JJ.',
}

/** A copy of a JSON Schema with its titles and descriptions in `language`. */
export function localizeSchema<T>(schema: T, language: MessageLanguage): T {
  if (language === 'en') return schema
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) =>
        (key === 'title' || key === 'description') && typeof value === 'string' ? [key, SCHEMA_TEXT_FR[value] ?? value] : [key, walk(value)],
      ),
    )
  }
  return walk(schema) as T
}
