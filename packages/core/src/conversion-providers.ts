/**
 * The exchange providers that convert Bitcoin-family payments under a payout rule (decision 024), by the id stored
 * with each shift: the name customers and merchants read, and the provider's site.
 */
export const CONVERSION_PROVIDERS: Readonly<Record<string, { name: string; site: string }>> = {
  sideshift: { name: 'SideShift', site: 'https://sideshift.ai' },
};

/** The provider's name as people read it; an unknown id is shown as stored. */
export const conversionProviderName = (id: string) => CONVERSION_PROVIDERS[id]?.name ?? id;
