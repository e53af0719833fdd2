import { z } from 'zod'
import { extend, type ZodMiniType } from 'zod/mini'
import { REQUEST_BODY_VARIANTS, type RequestBodyVariant } from '@contract/request-bodies'
import { ZBillingAccount, ZContacts, ZLocation, ZNetwork, ZServicePoint } from '@contract/request'

/**
 * The sandbox operator's catalog: one item per request type (docs/decisions/0006-catalog-items.md).
 * Each item's body schema is its variant's schema from the contract, narrowed to the type; the JSON
 * Schema it publishes is generated from that same zod schema, so what is published is what is enforced.
 */
export interface BuiltinCatalogItem {
  id: string
  type: string
  variant: RequestBodyVariant
  name: { en: string; fr: string }
  description: { en: string; fr: string }
  /** Request types this item acts on (modification, termination, cancellation). */
  actsOn: readonly string[]
  schema: ZodMiniType
}

const bandwidth = z.literal([10, 20, 50, 100, 200, 500, 1000]).meta({ title: 'Bandwidth (Mbit/s)' })
const bvpnProfile = z.enum(['GOLD', 'SILVER', 'BRONZE']).meta({ title: 'Class of service' })

function bodyOf(variant: RequestBodyVariant, type: string, properties: z.ZodType, extra: z.ZodRawShape = {}) {
  return extend(REQUEST_BODY_VARIANTS[variant].schema, { type: z.literal(type).meta({ title: 'Request type' }), properties, ...extra })
}

const ACCESS_TYPES = ['INTERNET_ACCESS', 'ETHERNET_LINK'] as const

export const BUILTIN_CATALOG_ITEMS: readonly BuiltinCatalogItem[] = [
  {
    id: 'CI-INTERNET-ACCESS',
    type: 'INTERNET_ACCESS',
    variant: 'createRequestsGeneric',
    name: { en: 'Business internet access', fr: 'Accès internet entreprise' },
    description: {
      en: 'A fibre internet access delivered to one of your sites, with the bandwidth you choose.',
      fr: 'Un accès internet fibre livré sur l’un de vos sites, au débit de votre choix.',
    },
    actsOn: [],
    schema: bodyOf(
      'createRequestsGeneric',
      'INTERNET_ACCESS',
      z.looseObject({
        location: ZLocation,
        contacts: ZContacts,
        billingAccount: ZBillingAccount,
        options: z
          .looseObject({
            bandwidthMbps: bandwidth,
            staticIp: z.boolean().meta({ title: 'Static IP address' }).optional(),
          })
          .meta({ title: 'Options' }),
      }),
    ),
  },
  {
    id: 'CI-ETHERNET-LINK',
    type: 'ETHERNET_LINK',
    variant: 'createRequestsGeneric',
    name: { en: 'Ethernet link', fr: 'Lien Ethernet' },
    description: {
      en: 'A point-to-point Ethernet link from a site to your network, carrying the VLANs you list.',
      fr: 'Un lien Ethernet point à point d’un site vers votre réseau, transportant les VLAN que vous indiquez.',
    },
    actsOn: [],
    schema: bodyOf(
      'createRequestsGeneric',
      'ETHERNET_LINK',
      z.looseObject({
        location: ZLocation,
        contacts: ZContacts,
        billingAccount: ZBillingAccount,
        options: z
          .looseObject({
            bandwidthMbps: bandwidth,
            vlans: z
              .array(
                z
                  .looseObject({
                    vlanId: z.int().min(1).max(4094).meta({ title: 'VLAN id' }),
                    label: z.string().trim().min(1).max(40).meta({ title: 'Label' }),
                  })
                  .meta({ title: 'VLAN' }),
              )
              .min(1)
              .max(16)
              .meta({ title: 'VLANs' }),
          })
          .meta({ title: 'Options' }),
      }),
    ),
  },
  {
    id: 'CI-INTERNET-ACCESS-CHANGE',
    type: 'INTERNET_ACCESS_CHANGE',
    variant: 'modifyRequestsGeneric',
    name: { en: 'Change an access', fr: 'Modifier un accès' },
    description: {
      en: 'Change the bandwidth, options or contact of an internet access or Ethernet link, delivered or still on order.',
      fr: 'Modifier le débit, les options ou le contact d’un accès internet ou d’un lien Ethernet, livré ou encore en commande.',
    },
    actsOn: ACCESS_TYPES,
    schema: bodyOf(
      'modifyRequestsGeneric',
      'INTERNET_ACCESS_CHANGE',
      z.looseObject({
        contacts: z.optional(ZContacts),
        options: z
          .looseObject({
            bandwidthMbps: bandwidth.optional(),
            staticIp: z.boolean().meta({ title: 'Static IP address' }).optional(),
          })
          .meta({ title: 'Options' }),
      }),
    ),
  },
  {
    id: 'CI-INTERNET-ACCESS-TERMINATION',
    type: 'INTERNET_ACCESS_TERMINATION',
    variant: 'deleteRequestsGeneric',
    name: { en: 'Terminate an access', fr: 'Résilier un accès' },
    description: {
      en: 'End a delivered internet access or Ethernet link, named by its service point.',
      fr: 'Mettre fin à un accès internet ou lien Ethernet livré, désigné par son point de service.',
    },
    actsOn: ACCESS_TYPES,
    schema: bodyOf('deleteRequestsGeneric', 'INTERNET_ACCESS_TERMINATION', z.looseObject({ servicePoint: ZServicePoint, contacts: z.optional(ZContacts) })),
  },
  {
    id: 'CI-REQUEST-CANCELLATION',
    type: 'REQUEST_CANCELLATION',
    variant: 'cancelRequestsGeneric',
    name: { en: 'Cancel an order', fr: 'Annuler une commande' },
    description: {
      en: 'Cancel an order that is not completed yet. The cancelled order is closed as rejected, with the reason.',
      fr: 'Annuler une commande qui n’est pas encore terminée. La commande annulée est close comme rejetée, avec le motif.',
    },
    actsOn: ['INTERNET_ACCESS', 'ETHERNET_LINK', 'INTERNET_ACCESS_CHANGE', 'C_BVPN_SITE', 'M_BVPN_SITE'],
    schema: bodyOf('cancelRequestsGeneric', 'REQUEST_CANCELLATION', z.looseObject({}).optional()),
  },
  {
    id: 'CI-BVPN-SITE',
    type: 'C_BVPN_SITE',
    variant: 'createBvpnAutomatic',
    name: { en: 'Business VPN site', fr: 'Site VPN entreprise' },
    description: {
      en: 'Connect a new site to one of your business VPN networks.',
      fr: 'Raccorder un nouveau site à l’un de vos réseaux VPN entreprise.',
    },
    actsOn: [],
    schema: bodyOf(
      'createBvpnAutomatic',
      'C_BVPN_SITE',
      z.looseObject({
        network: ZNetwork,
        location: ZLocation,
        contacts: z.optional(ZContacts),
        billingAccount: z.optional(ZBillingAccount),
        profile: bvpnProfile.optional(),
        options: z.looseObject({ bandwidthMbps: bandwidth.optional() }).meta({ title: 'Options' }).optional(),
      }),
    ),
  },
  {
    id: 'CI-BVPN-SITE-CHANGE',
    type: 'M_BVPN_SITE',
    variant: 'modifyBvpnAutomatic',
    name: { en: 'Change a VPN site', fr: 'Modifier un site VPN' },
    description: {
      en: 'Change the class of service, bandwidth or contact of a VPN site, delivered or still on order.',
      fr: 'Modifier la classe de service, le débit ou le contact d’un site VPN, livré ou encore en commande.',
    },
    actsOn: ['C_BVPN_SITE'],
    schema: bodyOf(
      'modifyBvpnAutomatic',
      'M_BVPN_SITE',
      z.looseObject({
        profile: bvpnProfile.optional(),
        contacts: z.optional(ZContacts),
        options: z.looseObject({ bandwidthMbps: bandwidth.optional() }).meta({ title: 'Options' }).optional(),
      }),
    ),
  },
  {
    id: 'CI-BVPN-SITE-REMOVAL',
    type: 'R_BVPN_SITE',
    variant: 'deleteBVPNAutomatic',
    name: { en: 'Remove a VPN site', fr: 'Retirer un site VPN' },
    description: {
      en: 'Disconnect a delivered VPN site automatically; a contact confirms the removal.',
      fr: 'Déconnecter automatiquement un site VPN livré ; un contact confirme le retrait.',
    },
    actsOn: ['C_BVPN_SITE'],
    schema: bodyOf('deleteBVPNAutomatic', 'R_BVPN_SITE', z.looseObject({ contacts: ZContacts, servicePoint: ZServicePoint })),
  },
  {
    id: 'CI-BVPN-SITE-REMOVAL-ASSISTED',
    type: 'R_BVPN_SITE_ASSISTED',
    variant: 'deleteBVPNGeneric',
    name: { en: 'Remove a VPN site with a technician', fr: 'Retirer un site VPN avec un technicien' },
    description: {
      en: 'Disconnect a delivered VPN site with a technician visit to take back the equipment.',
      fr: 'Déconnecter un site VPN livré avec le passage d’un technicien pour reprendre l’équipement.',
    },
    actsOn: ['C_BVPN_SITE'],
    schema: bodyOf(
      'deleteBVPNGeneric',
      'R_BVPN_SITE_ASSISTED',
      z.looseObject({ servicePoint: ZServicePoint, contacts: z.optional(ZContacts), location: z.optional(ZLocation) }),
    ),
  },
]

/** The JSON Schema (2020-12) a catalog item publishes for its body. */
export function publishedSchema(schema: z.core.$ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
}
