/** Headings of the documentation: slugs for anchors and the table of contents. */

export type Heading = { depth: number; text: string; id: string };

/** 'Rate limits & lockout' -> 'rate-limits--lockout'; the same rule for the anchors and the contents. */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** Gives each slug a suffix when it was already used (`errors`, `errors-1`, ...). */
export function slugger() {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base = slugify(text) || 'section';
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    return n === undefined ? base : `${base}-${n + 1}`;
  };
}

/** Plain text of a heading's markdown: code ticks, emphasis and link targets removed. */
function plain(md: string) {
  return md
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/** The ATX headings (#, ##, ...) of a markdown text in order, code blocks skipped. */
export function headingsOf(source: string): Heading[] {
  const slug = slugger();
  const out: Heading[] = [];
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f?.[1]) {
      if (!fence) fence = f[1][0] as string;
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const m = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    if (m?.[1] && m[2] !== undefined) {
      const text = plain(m[2]);
      out.push({ depth: m[1].length, text, id: slug(text) });
    }
  }
  return out;
}

type HNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HNode[];
};

/** Text content of a rendered (hast) node. */
export function textOf(node: HNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * A rehype plugin: gives every heading the id `headingsOf` gives it, in document order, so the table of
 * contents and the anchors always agree.
 */
export function rehypeHeadingIds() {
  return (tree: HNode) => {
    const slug = slugger();
    const visit = (node: HNode) => {
      if (node.type === 'element' && node.tagName && /^h[1-6]$/.test(node.tagName)) {
        node.properties = { ...node.properties, id: slug(textOf(node).trim()) };
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
