/**
 * How often what a person watches is read again while its tab is visible: the dashboard's figures, the overdue view
 * and an open request's page (docs/decisions/0003: stages move on by the hour, not the second; 0013). Each also
 * refreshes when the person comes back to the tab; nothing refreshes by itself while the quota is spent (0032).
 */
export const REFRESH_INTERVAL_MS = 60_000
