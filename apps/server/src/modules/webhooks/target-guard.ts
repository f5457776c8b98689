import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';

/**
 * Webhook targets must be public addresses: private (RFC 1918, CGNAT), loopback, link-local (cloud
 * metadata 169.254.169.254), unique-local, multicast, documentation and other special ranges are refused,
 * when the URL is saved and again when each request connects (DNS rebinding), unless ALLOW_PRIVATE_WEBHOOKS.
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (fd00:ec2::254 metadata among them)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** True when `address` (an IP literal) may not receive webhooks. Anything not an IP is refused too. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) is refused as a form: a webhook target never needs it.
    if (/^(0{0,4}:){0,5}:?ffff:/i.test(ip)) return true;
    return blocked.check(ip, 'ipv6');
  }
  return true;
}

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

const lookupAll = (host: string) =>
  new Promise<dns.LookupAddress[]>((resolve, reject) =>
    dns.lookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * Save-time check of a webhook URL: https (http only when private targets are allowed or outside
 * production), and a host whose every address is public (resolved now).
 */
export async function assertWebhookTarget({ url, config }: { url: string; config: Config }): Promise<void> {
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(config.allowPrivateWebhooks || config.env !== 'production')) {
    throw new AppError('VALIDATION_ERROR', {
      message: T.webhookUrlHttps,
      details: { url: T.webhookUrlHttps },
    });
  }
  if (config.allowPrivateWebhooks) return;
  const host = hostOf(u);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookupAll(host)).map((a) => a.address);
    } catch {
      throw new AppError('VALIDATION_ERROR', {
        message: T.webhookUrlUnresolvable,
        details: { url: T.webhookUrlUnresolvable },
      });
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    // A developer pointing webhooks at a local receiver is told how to allow it; production says no more.
    const message = config.env === 'production' ? T.webhookUrlPrivate : T.webhookUrlPrivateDev;
    throw new AppError('VALIDATION_ERROR', { message, details: { url: message } });
  }
}

export class PrivateTargetError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = 'PrivateTargetError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request / net.connect that resolves the host, checks every address and hands the
 * socket only checked addresses: the connection goes to exactly what was checked (no second resolution).
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      return callback(
        new PrivateTargetError(hostname, bad?.address ?? 'nothing') as NodeJS.ErrnoException,
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
}
