import type { ChainConfig, ChainFamilyId } from '#app/lib/chain-config.ts';

/** What a token contract said when asked its decimals. */
export type TokenDecimalsReading =
  | { kind: 'decimals'; decimals: number }
  /** The contract does not answer decimals() (no code there, or not a token). */
  | { kind: 'not_a_token' }
  /** The node could not be reached: no verdict. */
  | { kind: 'unreachable' };

/**
 * A chain family as the cryptocurrency management knows it (decision 020): a family with token contracts reads a
 * token's decimals from a configured node, so that a row whose decimals differ from the chain's is refused. Given
 * by the composition root as `app.tokenFamilies` (the server's families, families/registry.ts); a family without
 * tokens (UTXO) has no reader.
 */
export type TokenFamily<C extends ChainConfig = ChainConfig> = {
  readonly id: ChainFamilyId;
  readTokenDecimals?(options: { chain: C; contract: string }): Promise<TokenDecimalsReading>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain families as the cryptocurrency management knows them (token-family.ts), from the composition root. */
    tokenFamilies: readonly TokenFamily[];
  }
}
