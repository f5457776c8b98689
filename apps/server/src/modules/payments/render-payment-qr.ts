import { encode } from 'uqr';
import type { Db } from '#app/db/connection.ts';
import { getPublicPayment } from './get-public-payment.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { paymentUriOf } from './present-payment.ts';

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4;

/**
 * The payment URI as a QR code, an SVG of one path (dark modules drawn row by row). Rendered here rather than
 * in the browser so the hosted payment page carries no QR encoder in its light bundle; a payment's URI never
 * changes, so the image is cacheable for good.
 */
export function paymentQrSvg(text: string): string {
  const { size, data } = encode(text, { ecc: 'M', border: 0 });
  let d = '';
  for (let y = 0; y < size; y++) {
    const row = data[y] ?? [];
    for (let x = 0; x < size; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < size && row[end]) end++;
      d += `M${x} ${y}h${end - x}v1h${x - end}z`;
      x = end;
    }
  }
  const full = size + QUIET * 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-QUIET} ${-QUIET} ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect x="${-QUIET}" y="${-QUIET}" width="${full}" height="${full}" fill="#fff"/><path d="${d}" fill="#0f172a"/></svg>`
  );
}

/** Public GET /payments/{id}/qr.svg: the QR code of the payment's URI (payer page). */
export async function renderPaymentQr({
  db,
  paymentId,
  deps,
}: {
  db: Db;
  paymentId: string;
  deps: PaymentDeps;
}): Promise<string> {
  const row = await getPublicPayment({ deps, db, paymentId });
  return paymentQrSvg(paymentUriOf(row));
}
