import { useMemo } from 'react';
import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path. */
function qrPath(text: string): { size: number; d: string } {
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
  return { size, d };
}

/**
 * A text (a link's URL, a plan's subscribe page) as a QR code drawn in the browser: one SVG path on a white
 * square with its quiet zone, `size` pixels wide.
 */
export function QrSvg({
  value,
  label,
  size = 150,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  testId?: string;
}) {
  const { size: modules, d } = useMemo(() => qrPath(value), [value]);
  const quiet = 4;
  const box = modules + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      className="rounded-md"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={d} fill="#0f172a" />
    </svg>
  );
}
