export type ImageType = { ext: 'jpg' | 'png' | 'gif' | 'webp'; mime: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type of a file from its first bytes (magic numbers), whatever name or type the upload declared:
 * JPEG, PNG, GIF or WebP; null for anything else (SVG included: it can carry script).
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  // PNG: the signature and then the IHDR chunk that every PNG starts with (a bare signature is no image).
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, ascii('IHDR'), 12)
  )
    return { ext: 'png', mime: 'image/png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { ext: 'gif', mime: 'image/gif' };
  // WebP: a RIFF container of type WEBP whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended).
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    startsWith(bytes, ascii('VP8'), 12)
  )
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}
