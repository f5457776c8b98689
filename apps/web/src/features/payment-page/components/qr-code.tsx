/**
 * The payment URI as a QR code: 250 px, 200 px on narrow screens (merchant spec 9). The server renders it
 * (GET /payments/{id}/qr.svg, cached by the browser), so this light bundle carries no QR encoder. After a partial
 * payment the URI asks for the remaining amount: `remaining` in the image's address makes the browser fetch the
 * new code instead of showing its cached copy of the full amount.
 */
export function QrCode({
  paymentId,
  remaining,
  label,
}: {
  paymentId: string;
  remaining: string;
  label: string;
}) {
  return (
    <img
      src={`/api/v1/payments/${encodeURIComponent(paymentId)}/qr.svg?remaining=${encodeURIComponent(remaining)}`}
      alt={label}
      width={250}
      height={250}
      data-qr-size="250"
      className="size-[200px] sm:size-[250px]"
      decoding="async"
    />
  );
}
