import {
  AliasNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';

/**
 * Read caches of one database handle (decision 029): rows every API request would otherwise read again (the API
 * key and its owner, the system settings, the coin catalogue, the stored rates) kept in the process, and dropped
 * when the tables they come from change, in every process:
 * - a trigger on each cached table (migration 0038) sends NOTIFY `coinlane_cache` with the table's name at the
 *   commit of any write, whoever makes it (this server, another process, a CLI, psql); every process's LISTEN
 *   connection (modules/live) drops the caches that read that table;
 * - a write through this process's own handle drops them too, as soon as its statement has run (the plugin
 *   below), so that the process that made a change never serves the old row after its own reply;
 * - an entry lives READ_CACHE_TTL_MS at most, whatever happens to the notifications;
 * - while no LISTEN connection is up (never started, or lost and reconnecting) the caches are off: every read goes
 *   to the database, as if they did not exist. A process only keeps what it is sure to hear about.
 * Reads inside a transaction are not cached (a transaction is another Kysely instance: readCachesOf gives nothing
 * for it), so what a transaction locks and checks is always the row as it is. The one exception is explicit:
 * readCachesBehind, for settings a transaction applies but never checks (the platform fee's percentage).
 * What fails is not kept (an unknown key, a refused coin): it is read again on the next call.
 */
export const CACHE_CHANNEL = 'coinlane_cache';
/** The payload on CACHE_CHANNEL that empties every cache of every process (the admin's Clear All Cache). */
export const CLEAR_ALL_CACHES = '*';
/** How long an entry is kept at most. Revocation, suspension and settings changes reach every process within it. */
export const READ_CACHE_TTL_MS = 1_000;
/** The most entries one cache holds: the oldest goes first (API keys: one entry per key in use). */
export const READ_CACHE_MAX_ENTRIES = 10_000;

/**
 * The caches, each with the tables its entries are read from (a write to any of them empties it). Every table named
 * here has the trigger of migration 0038 (db/read-caches.test.ts checks the database's triggers against this list).
 */
export const READ_CACHES = {
  /** An API key's row and its owner (authenticate-api-key.ts), by the key's hash. */
  api_keys: ['api_keys', 'users', 'user_profiles'],
  /** Every system setting (get-system-settings.ts). */
  system_settings: ['system_settings'],
  /** The enabled rows of a coin symbol (resolve-currency.ts). */
  cryptocurrencies: ['supported_cryptocurrencies'],
  /** Every stored quote (load-rate-book.ts); a rate book is still built at each caller's own time. */
  exchange_rates: ['exchange_rates'],
  /**
   * The platform fee's settings for a coin on a network (record-platform-fee.ts): the `platform` fee structure and
   * the coin's own percentage. Read inside the confirming transaction through readCachesBehind.
   */
  platform_fee: ['fee_structures', 'supported_cryptocurrencies'],
} as const;
export type TReadCache = keyof typeof READ_CACHES;
type TCachedTable = (typeof READ_CACHES)[TReadCache][number];

/** The tables whose rows are cached. */
export const CACHED_TABLES: ReadonlySet<string> = new Set(Object.values(READ_CACHES).flat());
const isCachedTable = (name: string): name is TCachedTable => CACHED_TABLES.has(name);

/** One cache: values by key, each loaded once (concurrent callers share the load) and kept READ_CACHE_TTL_MS. */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; at: number }>();

  constructor(
    readonly name: string,
    readonly tables: readonly TCachedTable[],
    private readonly owner: ReadCaches,
  ) {}

  /**
   * The kept value of `key`, or what `load` reads: kept if it succeeds and `keep` accepts it (a key found unknown is
   * not kept: it is read again on the next call).
   */
  get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.owner.active) return load();
    const now = this.owner.clock();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < this.owner.ttlMs) return hit.value;
    if (hit) this.#entries.delete(key);
    const value = load();
    const entry = { value, at: now };
    this.#entries.set(key, entry);
    if (this.#entries.size > READ_CACHE_MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // A failed or refused read is not kept. An entry dropped meanwhile (a change was heard) stays dropped.
    const drop = () => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    };
    value.then((v) => {
      if (!keep(v)) drop();
    }, drop);
    return value;
  }

  /** How many entries it holds (expired ones included, until they are read again). */
  get size(): number {
    return this.#entries.size;
  }

  /** Empties the cache; returns how many entries it held. */
  clear(): number {
    const n = this.#entries.size;
    this.#entries.clear();
    return n;
  }
}

/** The read caches of one handle. */
export class ReadCaches {
  readonly #caches = new Map<TReadCache, ReadCache<unknown>>();
  #listening = false;

  /**
   * How long an entry is kept at most (READ_CACHE_TTL_MS). Tests lengthen it to show that a change is heard through
   * its notification, not by the entry's age.
   */
  ttlMs = READ_CACHE_TTL_MS;

  constructor(readonly clock: () => number = Date.now) {}

  /** Whether the caches keep anything: only while this process hears the cache channel (setListening). */
  get active(): boolean {
    return this.#listening;
  }

  /** Called by the LISTEN connection: true once listening, false when the connection is lost (caches emptied). */
  setListening(on: boolean): void {
    this.#listening = on;
    if (!on) this.clearAll();
  }

  /** The cache called `name` (READ_CACHES), made on first use. */
  cache<V>(name: TReadCache): ReadCache<V> {
    let c = this.#caches.get(name);
    if (!c) {
      c = new ReadCache<unknown>(name, READ_CACHES[name], this);
      this.#caches.set(name, c);
    }
    return c as ReadCache<V>;
  }

  /** Empties one cache; returns how many entries it held. */
  clear(name: TReadCache): number {
    return this.#caches.get(name)?.clear() ?? 0;
  }

  /** A table changed (its NOTIFY, or a write through this handle): every cache reading it is emptied. */
  invalidate(table: string): void {
    if (!isCachedTable(table)) return;
    for (const c of this.#caches.values()) if (c.tables.includes(table)) c.clear();
  }

  clearAll(): void {
    for (const c of this.#caches.values()) c.clear();
  }

  /** The Kysely plugin of the handle: a write to a cached table empties its caches once the statement has run. */
  plugin(): KyselyPlugin {
    const written = new WeakMap<object, string[]>();
    const plugin: KyselyPlugin = {
      transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
        const tables = writtenTables(node).filter(isCachedTable);
        if (tables.length) written.set(queryId, tables);
        return node;
      },
      transformResult: async ({
        result,
        queryId,
      }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        for (const t of written.get(queryId) ?? []) this.invalidate(t);
        return result;
      },
    };
    byPlugin.set(plugin, this);
    return plugin;
  }
}

/** The table names an insert, update or delete writes (a table node, possibly aliased). */
function writtenTables(node: RootOperationNode): string[] {
  const nameOf = (n: OperationNode | undefined): string | null => {
    if (!n) return null;
    if (TableNode.is(n)) return n.table.identifier.name;
    if (AliasNode.is(n)) return nameOf(n.node);
    return null;
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return [nameOf(node.into)].filter((t): t is string => t !== null);
    case 'UpdateQueryNode':
      return [nameOf(node.table)].filter((t): t is string => t !== null);
    case 'DeleteQueryNode':
      return node.from.froms.map(nameOf).filter((t): t is string => t !== null);
    default:
      return [];
  }
}

const byDb = new WeakMap<object, ReadCaches>();
/** Each handle's plugin (ReadCaches.plugin), by which a transaction of the handle finds its caches. */
const byPlugin = new WeakMap<object, ReadCaches>();

/** Ties the caches to the handle's Kysely instance (openPostgres, openPGlite). */
export function attachReadCaches(db: object, caches: ReadCaches): void {
  byDb.set(db, caches);
}

/**
 * The read caches of `db` when it is a handle's root instance; undefined inside a transaction (and for any other
 * instance), where every read goes to the database.
 */
export function readCachesOf(db: object): ReadCaches | undefined {
  return byDb.get(db);
}

/**
 * The read caches of the handle `db` belongs to, also when `db` is one of its transactions (a transaction runs with
 * its handle's plugins). Only for a setting that a transaction applies and never locks or checks against, where an
 * entry at most READ_CACHE_TTL_MS old (and dropped on any change heard) is as good as a read a moment earlier: the
 * platform fee's percentage when a payment is confirmed. Everything a transaction decides on reads the row.
 */
// biome-ignore lint/suspicious/noExplicitAny: any handle, whatever its schema
export function readCachesBehind(db: Kysely<any>): ReadCaches | undefined {
  const root = byDb.get(db);
  if (root) return root;
  for (const plugin of db.getExecutor().plugins) {
    const owner = byPlugin.get(plugin);
    if (owner) return owner;
  }
  return undefined;
}
