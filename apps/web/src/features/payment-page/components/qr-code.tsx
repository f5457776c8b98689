/**
 * The payment URI as a QR code: 250 px, 200 px on narrow screens (merchant spec 9). The server renders it
 * (GET /payments/{id}/qr.svg, cacheable for good), so this light bundle carries no QR encoder.
 */
export function QrCode({ paymentId, label }: { paymentId: string; label: string }) {
  return (
    <img
      src={`/api/v1/payments/${encodeURIComponent(paymentId)}/qr.svg`}
      alt={label}
      width={250}
      height={250}
      data-qr-size="250"
      className="size-[200px] sm:size-[250px]"
      decoding="async"
    />
  );
}
