import type { TKycDocumentType } from '@coinlane/core/api/kyc';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type of a KYC document from its first bytes (magic numbers), whatever name or type the upload declared:
 * PDF (`%PDF-`), JPEG (FF D8 FF) or PNG (the signature, then the IHDR chunk every PNG starts with); null for
 * anything else (an executable, HTML, SVG, a ZIP...).
 */
export function detectDocumentType(bytes: Uint8Array): TKycDocumentType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, ascii('IHDR'), 12)
  )
    return 'image/png';
  return null;
}

/** The extension that matches the type found, for the name a download gets. */
export const EXTENSION_OF: Record<TKycDocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
