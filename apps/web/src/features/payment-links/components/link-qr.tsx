import { QrSvg } from '../../../components/ui/qr-svg.tsx';

/** The link's URL as a QR code of 150 px (merchant spec 9: link cards). */
export function LinkQr({ value, label }: { value: string; label: string }) {
  return <QrSvg value={value} label={label} size={150} testId="link-qr" />;
}
