import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportSanctions } from '#app/cli/import-sanctions-command.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { createTestDb, usingPostgres } from '#app/test/test-db.ts';
import { findLatestSanctionsImport, findSanctionedAddresses } from './find-sanctioned-addresses.ts';
import { importSanctionsList } from './import-sanctions-list.ts';
import { parseSdnAdvanced, SdnFormatError } from './parse-sdn-advanced.ts';

// The sanctions importer on a small fixture in OFAC's SDN advanced XML format (decision 021). No network.

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/sdn_advanced.fixture.xml');
const HARDHAT_9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

/** The file as a stream of small chunks, so element and text boundaries fall inside chunks. */
async function* chunked(text: string, size = 37) {
  for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
}

describe('parseSdnAdvanced', () => {
  it('reads the digital currency addresses with their asset and entry, and nothing else', async () => {
    const list = await parseSdnAdvanced(chunked(fs.readFileSync(fixture, 'utf8')));
    expect(list.publishedOn).toBe('2026-11-20');
    expect(list.addresses).toEqual([
      { asset: 'ETH', address: HARDHAT_9, partyName: 'EXAMPLE EXCHANGE OU', partyRef: '90001' },
      {
        asset: 'USDT',
        address: HARDHAT_9.toUpperCase().replace('0X', '0x'),
        partyName: 'EXAMPLE EXCHANGE OU',
        partyRef: '90001',
      },
      {
        asset: 'XBT',
        address: 'BC1QSCZMGYFQ4HWXKLCPPR7RNUR2QC3K6HJZJSUWYD',
        partyName: 'EXAMPLE EXCHANGE OU',
        partyRef: '90001',
      },
      {
        asset: 'LTC',
        address: 'LbcFSRqzWAxJwZ4nskDkS8p3WUBR3pWeFX',
        partyName: 'SAMPLE Ivan',
        partyRef: '90002',
      },
      {
        asset: 'TRX',
        address: 'TXwpNxmcJZuqK1TdsMXDHJ9yd7ihJKEVDs',
        partyName: 'SAMPLE Ivan',
        partyRef: '90002',
      },
    ]);
  });

  it.each([
    ['not XML', 'this is not xml <', /Not well-formed XML/],
    ['another XML document', '<?xml version="1.0"?><rss><channel/></rss>', /root element is <rss>/],
    [
      'a Sanctions root without reference values',
      '<Sanctions><DistinctParties/></Sanctions>',
      /FeatureTypeValues/,
    ],
  ])('refuses %s', async (_name, text, message) => {
    await expect(parseSdnAdvanced(chunked(text))).rejects.toThrow(SdnFormatError);
    await expect(parseSdnAdvanced(chunked(text))).rejects.toThrow(message);
  });
});

// The command opens the embedded database of its DATA_DIR (the first run migrates it) four times: on a loaded
// two-core CI machine that has taken over 30 s, so these tests get 120 s.
describe('importSanctionsList and npm run sanctions:import', { timeout: 120_000 }, () => {
  let handle: DbHandle;
  let dataDir: string;
  beforeAll(async () => {
    handle = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-sanctions-'));
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports the fixture: each address once, compared case-insensitively where its encoding is, and records the import', async () => {
    const db = handle.db;
    const imported = await importSanctionsList({
      db,
      chunks: fs.createReadStream(fixture),
      sourceFile: 'sdn_advanced.xml',
    });
    // The USDT entry repeats the ETH address in upper case: one address.
    expect(imported).toMatchObject({
      addressCount: 4,
      byAsset: { ETH: 1, XBT: 1, LTC: 1, TRX: 1 },
      publishedOn: '2026-11-20',
      sourceFile: 'sdn_advanced.xml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(
      await findSanctionedAddresses({
        db,
        addresses: [
          HARDHAT_9.toLowerCase(),
          'bc1qsczmgyfq4hwxklcppr7rnur2qc3k6hjzjsuwyd',
          'LbcFSRqzWAxJwZ4nskDkS8p3WUBR3pWeFX',
          'lbcfsrqzwaxjwz4nskdks8p3wubr3pwefx', // base58 is case-sensitive: another address
          '0x0000000000000000000000000000000000000001',
        ],
      }),
    ).toEqual([
      HARDHAT_9.toLowerCase(),
      'bc1qsczmgyfq4hwxklcppr7rnur2qc3k6hjzjsuwyd',
      'LbcFSRqzWAxJwZ4nskDkS8p3WUBR3pWeFX',
    ]);
    const latest = await findLatestSanctionsImport({ db });
    expect(latest).toMatchObject({ id: imported.id, source_file: 'sdn_advanced.xml', address_count: 4 });
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sanctions.imported')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('replaces the previous list as a whole; a file that fails to parse changes nothing', async () => {
    const db = handle.db;
    const smaller = fs
      .readFileSync(fixture, 'utf8')
      .replace(/<DistinctParty FixedRef="90001">[\s\S]*?<\/DistinctParty>/, '');
    const second = await importSanctionsList({ db, chunks: chunked(smaller), sourceFile: 'sdn_smaller.xml' });
    expect(second.addressCount).toBe(2);
    expect(await findSanctionedAddresses({ db, addresses: [HARDHAT_9] })).toEqual([]);
    expect(
      await findSanctionedAddresses({ db, addresses: ['TXwpNxmcJZuqK1TdsMXDHJ9yd7ihJKEVDs'] }),
    ).toHaveLength(1);

    const broken = smaller.slice(0, smaller.length / 2);
    await expect(importSanctionsList({ db, chunks: chunked(broken), sourceFile: 'cut.xml' })).rejects.toThrow(
      SdnFormatError,
    );
    expect((await findLatestSanctionsImport({ db }))?.source_file).toBe('sdn_smaller.xml');
    expect(await db.selectFrom('sanctioned_addresses').select('address_key').execute()).toHaveLength(2);
  });

  /** The command in this process, on a database of its own (embedded in a temporary DATA_DIR, or PostgreSQL). */
  async function run(args: string[]) {
    let stdout = '';
    let stderr = '';
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(usingPostgres() ? { DATABASE_URL: handle.databaseUrl! } : {}),
    };
    const code = await runImportSanctions(args, {
      env,
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    });
    return { code, stdout, stderr };
  }

  it('runs as an operator command: --file, a summary, exit codes for bad use', async () => {
    const ok = await run(['--file', fixture]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Sanctions list replaced: 4 digital currency addresses \(ETH 1, LTC 1, TRX 1, XBT 1\) from sdn_advanced\.fixture\.xml, issued 2026-11-20; SHA-256 [0-9a-f]{64}\.\n$/,
    );
    expect(await run([])).toMatchObject({ code: 64, stderr: expect.stringContaining('--file is required') });
    expect(await run(['--file', path.join(dataDir, 'missing.xml')])).toMatchObject({
      code: 66,
      stderr: expect.stringContaining('no such file'),
    });
    const notXml = path.join(dataDir, 'list.csv');
    fs.writeFileSync(notXml, 'ent_num,SDN_Name\n1,EXAMPLE\n');
    const bad = await run(['--file', notXml]);
    expect(bad.code).toBe(65);
    expect(bad.stderr).toContain('Nothing was changed');
  });
});
