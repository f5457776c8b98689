import { KYC_FILE_NAME_MAX, type TKycDocumentType } from '@coinlane/core/api/kyc';
import { EXTENSION_OF } from './document-type.ts';

/**
 * The original name of an uploaded file, kept as text only: the last path segment, control and bidirectional
 * formatting characters removed, spaces collapsed, cut to KYC_FILE_NAME_MAX keeping the extension; 'document'
 * when nothing is left. It never names a file on disk.
 */
export function cleanFileName(name: string | null | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || clean === '.' || clean === '..') return 'document';
  const chars = [...clean];
  if (chars.length <= KYC_FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  const extLength = [...ext].length;
  return (
    chars
      .slice(0, chars.length - extLength)
      .slice(0, KYC_FILE_NAME_MAX - extLength)
      .join('') + ext
  );
}

/**
 * The name a download is given: the original name, its extension replaced by the one of the type found in the
 * bytes (a PDF uploaded as `scan.png` downloads as `scan.pdf`).
 */
export function downloadName(fileName: string, type: TKycDocumentType): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base || 'document'}.${EXTENSION_OF[type]}`;
}

/**
 * A Content-Disposition value that always says attachment: an ASCII fallback name (quotes, backslashes and
 * non-ASCII replaced) and the exact name in RFC 5987 form (`filename*=UTF-8''...`).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
