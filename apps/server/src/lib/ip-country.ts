/// <reference path="./geoip-country.d.ts" />
import { isIP } from 'node:net';
import { T } from '@coinlane/core/texts';
import geoip from 'geoip-country';

/**
 * The country of an IP address (ISO 3166-1 alpha-2, e.g. 'DE') from the offline GeoLite2 country data that the
 * geoip-country npm package ships (read from the package at start-up; nothing is downloaded at install or at run
 * time), or 'Unknown' when the data has none (private, loopback, reserved or unlisted addresses, or not an IP).
 * The data is as current as the installed package: updating the package updates it (decision 021).
 */
export function countryOfIp(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 0) return T.customerCountryUnknown;
  return geoip.lookup(address)?.country || T.customerCountryUnknown;
}
