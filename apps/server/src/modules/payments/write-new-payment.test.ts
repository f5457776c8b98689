import { describe, expect, it } from 'vitest';
import { newPaymentStatement } from './write-new-payment.ts';

/** The creation statement's text and parameters (decision 035): each value's placeholder where its column is named. */
const priced = { id: 'cur_1', symbol: 'BTC', network: 'bitcoin', decimals: 8, contract_address: null };
const statement = (over: Partial<Parameters<typeof newPaymentStatement>[0]> = {}) =>
  newPaymentStatement({
    priced,
    payment: {
      id: 'pay_1',
      currency: 'BTC',
      amount: '5',
      metadata: { a: 1 },
      return_url: 'https://x',
      flushed_at: null,
      flush_tx: null,
    },
    stored: { metadata: '{"a":1}' },
    audits: [{ action: 'payment.created', ip: null }],
    flush: null,
    event: { id: 'evt_1', payload: '{}' },
    notify: [['coinlane_outbox', 'o']],
    ...over,
  });

/** Each inserted column with the value its placeholder takes (DEFAULT and subqueries kept as text). */
function columnsOf(text: string, values: unknown[], table: string) {
  const head = `insert into "${table}" (`;
  const at = text.indexOf(head);
  if (at < 0) throw new Error(`no insert into ${table}`);
  const namesEnd = text.indexOf(')', at + head.length);
  const names = text
    .slice(at + head.length, namesEnd)
    .split(', ')
    .map((n) => n.replaceAll('"', ''));
  // the tuples after "values ", read by their parentheses (a cell may be a parenthesised subquery)
  let i = text.indexOf('values ', namesEnd) + 'values '.length;
  const tuples: string[][] = [];
  while (text[i] === '(') {
    const cells: string[] = [];
    let depth = 0;
    let cell = '';
    for (i += 1; ; i++) {
      const c = text[i]!;
      if (depth === 0 && (c === ',' || c === ')')) {
        cells.push(cell.trim());
        cell = '';
        if (c === ')') break;
        continue;
      }
      if (c === '(') depth++;
      if (c === ')') depth--;
      cell += c;
    }
    tuples.push(cells);
    i += 1;
    if (text.startsWith(', (', i)) i += 2;
  }
  const cellValue = (cell: string) => (/^\$\d+$/.test(cell) ? values[Number(cell.slice(1)) - 1] : cell);
  return tuples.map((cells) => Object.fromEntries(names.map((n, k) => [n, cellValue(cells[k]!)])));
}

describe('newPaymentStatement', () => {
  it('binds every column to its own value; the coin’s symbol is the CTE’s, not the row’s', () => {
    const { text, values } = statement();
    expect(columnsOf(text, values, 'payments')).toEqual([
      { id: 'pay_1', amount: '5', metadata: '{"a":1}', currency: '(SELECT symbol FROM currency_now)' },
    ]);
    expect(values.slice(0, 5)).toEqual(['cur_1', 'BTC', 'bitcoin', 8, null]);
    expect(columnsOf(text, values, 'outbox_events')).toEqual([{ id: 'evt_1', payload: '{}' }]);
    // the notifications' channel and payload, each pair in order
    const notify = /SELECT pg_notify\(\$(\d+), \$(\d+)\) AS n0/.exec(text)!;
    expect(notify.slice(1).map((i) => values[Number(i) - 1])).toEqual(['coinlane_outbox', 'o']);
    expect(text).not.toContain('return_url');
    expect(text).not.toContain('flushed_at');
    expect(text).not.toContain('flush_tx');
    expect(text).not.toContain('payment_flushes');
  });

  it('gives a column a row leaves undefined its default, in a row of its own', () => {
    const { text, values } = statement({
      audits: [
        { action: 'payment.created', ip: undefined },
        { action: undefined, ip: '10.0.0.1' },
      ],
      flush: { payment_id: 'pay_1' },
    });
    expect(columnsOf(text, values, 'audit_log')).toEqual([
      { action: 'payment.created', ip: 'DEFAULT' },
      { action: 'DEFAULT', ip: '10.0.0.1' },
    ]);
    expect(columnsOf(text, values, 'payment_flushes')).toEqual([{ payment_id: 'pay_1' }]);
  });

  it('gives the same text for the same shape whatever the values, and another text for another shape', () => {
    const a = statement();
    const b = statement({
      payment: { id: 'pay_2', currency: 'BTC', amount: '7', metadata: {} },
      stored: { metadata: '{}' },
    });
    expect(b.text).toBe(a.text);
    expect(b.values).not.toEqual(a.values);
    const twoAudits = statement({
      audits: [
        { action: 'a', ip: null },
        { action: 'b', ip: null },
      ],
    });
    expect(twoAudits.text).not.toBe(a.text);
    expect(columnsOf(twoAudits.text, twoAudits.values, 'audit_log')).toEqual([
      { action: 'a', ip: null },
      { action: 'b', ip: null },
    ]);
    expect(twoAudits.text.trimEnd().endsWith('/* coinlane:prepared */')).toBe(true);
  });
});
