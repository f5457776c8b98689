import { createHash } from 'node:crypto';
import { randomId } from '@coinlane/core/ids';
import { sanctionsKey } from '@coinlane/core/risk-rules';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { parseSdnAdvanced } from './parse-sdn-advanced.ts';

export type SanctionsImport = {
  id: string;
  sourceFile: string;
  sha256: string;
  publishedOn: string | null;
  /** Distinct addresses now on the list, by asset. */
  addressCount: number;
  byAsset: Record<string, number>;
  /** Address keys (sanctionsKey) on the new list that were not on the previous one. */
  added: string[];
};

const INSERT_BATCH = 500;

/**
 * Imports the digital currency addresses of an OFAC SDN advanced XML file (npm run sanctions:import): parsed as a
 * stream (parseSdnAdvanced), then in ONE transaction the previous list is replaced by the new one and the import
 * is recorded (file name, SHA-256, the list's date, count) with an audit row: a reader sees the old list or the new
 * one, never a mix, and a file that fails to parse changes nothing. An address listed twice is kept once (its first
 * entry). Never fetches anything: the operator downloads the file.
 */
export async function importSanctionsList({
  db,
  chunks,
  sourceFile,
  now = new Date(),
}: {
  db: Db;
  /** The file's content (e.g. fs.createReadStream(path)). */
  chunks: AsyncIterable<string | Buffer>;
  sourceFile: string;
  now?: Date;
}): Promise<SanctionsImport> {
  const hash = createHash('sha256');
  async function* hashed() {
    for await (const c of chunks) {
      hash.update(c);
      yield c;
    }
  }
  const list = await parseSdnAdvanced(hashed());
  const sha256 = hash.digest('hex');

  const rows = new Map<
    string,
    { address: string; asset: string; partyName: string | null; partyRef: string | null }
  >();
  for (const a of list.addresses) {
    const key = sanctionsKey(a.address);
    if (key && !rows.has(key)) rows.set(key, { ...a, address: a.address.trim() });
  }
  const byAsset: Record<string, number> = {};
  for (const r of rows.values()) byAsset[r.asset] = (byAsset[r.asset] ?? 0) + 1;

  const id = randomId('sdn');
  const added = await db.transaction().execute(async (trx) => {
    const previous = new Set(
      (await trx.selectFrom('sanctioned_addresses').select('address_key').execute()).map(
        (r) => r.address_key,
      ),
    );
    await trx
      .insertInto('sanctions_imports')
      .values({
        id,
        source_file: sourceFile,
        file_sha256: sha256,
        published_on: list.publishedOn,
        address_count: rows.size,
        imported_at: now,
      })
      .execute();
    await trx.deleteFrom('sanctioned_addresses').execute();
    const values = [...rows].map(([key, r]) => ({
      address_key: key,
      address: r.address,
      asset: r.asset,
      party_name: r.partyName,
      party_ref: r.partyRef,
      import_id: id,
    }));
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      await trx
        .insertInto('sanctioned_addresses')
        .values(values.slice(i, i + INSERT_BATCH))
        .execute();
    }
    await recordAudit({
      db: trx,
      actorId: null,
      actorType: 'system',
      action: 'sanctions.imported',
      entityType: 'sanctions_list',
      entityId: id,
      before: { addressCount: previous.size },
      after: { sourceFile, sha256, publishedOn: list.publishedOn, addressCount: rows.size, byAsset },
    });
    return [...rows.keys()].filter((k) => !previous.has(k));
  });
  return { id, sourceFile, sha256, publishedOn: list.publishedOn, addressCount: rows.size, byAsset, added };
}
