import { CORE_FAMILIES } from '@coinlane/core/families/index';
import { describe, expect, it } from 'vitest';
import { SERVER_FAMILIES } from './registry.ts';

describe('SERVER_FAMILIES', () => {
  it('has one object per core family, each built on it', () => {
    expect(SERVER_FAMILIES.map((f) => f.id)).toEqual(CORE_FAMILIES.map((f) => f.id));
    for (const family of SERVER_FAMILIES) expect(family.core.id).toBe(family.id);
  });

  it("lists each family's own jobs (EVM: the forwarder flush; Tron flushes nothing)", () => {
    expect(SERVER_FAMILIES.map((f) => [f.id, f.jobs.map((j) => j.name)])).toEqual([
      ['utxo', []],
      ['evm', ['evm.flush']],
      ['tron', []],
    ]);
  });
});
