/** The part of the geoip-country package (no types of its own) that lib/ip-country.ts uses. */
declare module 'geoip-country' {
  const geoip: {
    /** The country of an IPv4 or IPv6 address, or null when the data has none. */
    lookup(ip: string): { country: string; name?: string } | null;
  };
  export default geoip;
}
