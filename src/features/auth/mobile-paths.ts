/**
 * Routes of the mobile sign-in (docs/decisions/0017-mobile-connect.md), apart from the code that runs it
 * (mobile-sign-in.ts, with oidc-client-ts): the sign-in page names them without loading the library.
 */
export const MOBILE_CALLBACK_PATH = '/auth/mobile/callback'
/** Where the sign-in page's form sends the browser: the gateway calls discovery, the browser follows to the operator selection. */
export const MOBILE_DISCOVER_PATH = '/auth/mobile/discover'
