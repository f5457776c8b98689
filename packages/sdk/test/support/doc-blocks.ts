import fs from 'node:fs';

/** A fenced code block of a markdown file marked to be run by the tests: ```js runnable=<id> */
export type DocBlock = {
  /** The block's id (`runnable=<id>` in the fence's info string, after the language). */
  id: string;
  /** The fence's language: js, ts, sh, bash. */
  lang: string;
  /** The block's text, without its fences. */
  code: string;
  /** The file it was read from and the line of its opening fence (1-based), for failure messages. */
  file: string;
  line: number;
  /** The text of the next fenced block after this one (its documented output, when it shows one). */
  next: { lang: string; code: string } | null;
};

const FENCE_OPEN = /^ {0,3}```(\S*)(.*)$/;
const FENCE_CLOSE = /^ {0,3}```\s*$/;

/**
 * Every fenced block of a markdown file, and among them those marked `runnable=<id>` in the info string (a
 * markdown renderer takes the info string's first word as the language and ignores the rest, so the mark does not
 * show on the page or on GitHub).
 */
export function readDocBlocks(file: string): DocBlock[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const all: Array<{ lang: string; info: string; code: string; line: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i] ?? '');
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !FENCE_CLOSE.test(lines[j] ?? '')) body.push(lines[j++] ?? '');
    all.push({
      lang: open[1] ?? '',
      info: (open[2] ?? '').trim(),
      code: `${body.join('\n')}\n`,
      line: i + 1,
    });
    i = j;
  }
  const blocks: DocBlock[] = [];
  all.forEach((b, k) => {
    const mark = /(?:^|\s)runnable=(\S+)/.exec(b.info);
    if (!mark?.[1]) return;
    const after = all[k + 1];
    blocks.push({
      id: mark[1],
      lang: b.lang,
      code: b.code,
      file,
      line: b.line,
      next: after ? { lang: after.lang, code: after.code } : null,
    });
  });
  return blocks;
}
