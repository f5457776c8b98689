import { formatPairingCode, POS_PAIRING_MINUTES, type TPosPairing } from '@coinlane/core/api/pos';
import { hashPairingCode, newPairingCode } from './credential.ts';

/** A fresh pairing code: what is stored (its HMAC, its expiry) and what the merchant is shown once. */
export function makePairing({ secretKey, appUrl, now }: { secretKey: Buffer; appUrl: string; now: Date }) {
  const code = newPairingCode();
  const expiresAt = new Date(now.getTime() + POS_PAIRING_MINUTES * 60_000);
  const shown: TPosPairing = {
    code: formatPairingCode(code),
    // In the fragment: the browser opens /pos and never sends the code to a server (nor to its logs).
    url: `${appUrl.replace(/\/+$/, '')}/pos#pair=${code}`,
    expiresAt: expiresAt.toISOString(),
  };
  return {
    stored: { pairing_code_hash: hashPairingCode(secretKey, code), pairing_expires_at: expiresAt },
    shown,
  };
}
