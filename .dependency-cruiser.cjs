/**
 * Coinlane's import boundaries, checked by `npm run check` (through `npm run depcruise`). Each rule says why it
 * exists; docs/conventions.md ("Boundaries") says how to run it and what to do when it fails. Cycles between
 * server modules are checked by a second run, .dependency-cruiser-modules.cjs.
 *
 * Every rule holds with no exception list: a violation fails the check.
 */

const MODULE = '^apps/server/src/modules/([^/]+)/';
const FEATURE = '^apps/web/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle makes the order of module initialisation matter (a value can be read before it is ' +
        'defined), ties the files of the cycle into one unit that cannot be understood, tested or moved apart, ' +
        'and in the web app defeats code splitting. Break it by moving the shared piece into a third file that ' +
        'both import, or by passing a function in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-isolation',
      comment:
        'Web features do not import each other (docs/conventions.md): each one can be changed, lazy-loaded or ' +
        'deleted on its own. Something two features need lives in components/ (UI) or lib/ (logic); a route ' +
        'is written with app/paths.ts.',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-not-into-app',
      comment:
        'Imports flow one way: components/ui and lib -> features -> app. The app shell (router, layouts, guards) ' +
        'composes the features, so a feature reaching back into it would make a cycle of layers. The route ' +
        'table app/paths.ts is the exception: a plain table of URLs with no imports, it is how features link ' +
        'to each other without importing each other.',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^apps/web/src/app/', pathNot: '^apps/web/src/app/paths\\.ts$' },
    },
    {
      name: 'web-shared-not-into-features-or-app',
      comment:
        'components/ and lib/ are the shared kit every feature builds on; if they imported a feature or the app ' +
        'shell they would no longer be shared (and would drag that feature into every page that uses them).',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/', pathNot: '^apps/web/src/app/paths\\.ts$' },
    },
    {
      name: 'server-module-internals',
      comment:
        "A module's public surface is its service functions (one verb-noun file each) and the types they " +
        'take and return. Its queries.ts / table.ts (its tables: "a module calls another module\'s service ' +
        'functions, never its tables"), its routes.ts (registered by http/app.ts only) and its *.job.ts ' +
        '(registered by the composition root, server-jobs.ts, or a family object) are private to it. Ask the owning module for a service ' +
        'function instead; for a row type use Selectable<XTable> from db/schema.ts.',
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: '^apps/server/src/modules/[^/]+/(queries\\.ts|table\\.ts|routes\\.ts|[^/]+\\.job\\.ts)$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-families-use-module-surfaces',
      comment:
        'A chain family (families/<family>/) plugs into the chains and wallets modules through what they publish ' +
        'for it (chain-reader.ts, generic-watcher.ts, watcher-findings.ts, wallet-family.ts, default-wallet.ts, ...), ' +
        "never through a module's queries.ts, table.ts or routes.ts: else a change to a module's tables breaks " +
        "every family. A family's own job (forwarders' evm-flush.job.ts) is registered by the family object, so " +
        '*.job.ts is allowed here. Tests may set rows up through queries.',
      severity: 'error',
      from: { path: '^apps/server/src/families/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/(queries\\.ts|table\\.ts|routes\\.ts)$' },
    },
    {
      name: 'server-modules-not-into-families',
      comment:
        'The modules define what they ask of a chain family (ChainFamily in chains/chain-reader.ts, WalletFamily ' +
        'in wallets/wallet-family.ts) and are handed the families by the composition root (server.ts); a module ' +
        'importing a family would tie it to that family and bring back the loop between chains, wallets and ' +
        'forwarders that this layout removed. Tests may import a family to drive it.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|http|jobs|lib|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/families/' },
    },
    {
      name: 'server-modules-not-into-http',
      comment:
        'http/ is the transport layer on top of the modules (it registers their routes); a service function ' +
        'importing it would make the domain depend on Fastify plumbing and on the caller being an HTTP request ' +
        '(a job, the CLI or another module calls it too). What it needs from a request reaches it as arguments. ' +
        "Exceptions: a module's routes.ts is its HTTP adapter (guard, validate, call one service function, " +
        'shape the reply) and uses http/ guards, schemas and error replies by design; tests drive the app.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: '/(routes\\.ts|[^/]+\\.test\\.ts)$' },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'server-jobs-and-config-not-into-modules',
      comment:
        'jobs/ (queue, worker, scheduler) and config.ts are infrastructure every module may use; if they import ' +
        'modules, every module depends on every other through them (cycles). The composition root (server.ts, ' +
        'server-jobs.ts) wires modules into them instead.',
      severity: 'error',
      from: { path: '^apps/server/src/(jobs/|config\\.ts$)' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'core-only-pure-dependencies',
      comment:
        'packages/core is pure domain code shared by the browser and the server: no I/O (no file system, ' +
        'network, database, HTTP framework or process), so it runs anywhere and is tested without setup. It ' +
        'imports its own files and the pure libraries listed here (validation, exact hashing and key ' +
        'derivation). node:crypto is allowed for HMAC/hash computation only (webhook-signature.ts, server ' +
        'side). Add a library here only if it does no I/O, and say so in the commit.',
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: [
          '^packages/core/src/',
          '^node_modules/zod/',
          '^node_modules/@noble/(hashes|curves)/',
          '^node_modules/@scure/(base|bip32|btc-signer)/',
          '^(node:)?crypto$',
        ],
      },
    },
    {
      name: 'core-tests-no-io-builtins',
      comment:
        "packages/core's tests are as pure as the code: no file system, network, processes or threads (they " +
        'may use devDependencies such as viem to cross-check results).',
      severity: 'error',
      from: { path: '^packages/core/src/.+\\.test\\.ts$' },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|tls|dgram|dns|child_process|cluster|worker_threads|os|process|readline|repl|vm|inspector)$',
      },
    },
    {
      name: 'core-not-into-apps',
      comment: 'packages/core is below the apps: the apps import it, never the other way round.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-into-server',
      comment:
        'The web app talks to the server over HTTP only; what both need (schemas, texts, money) is in ' +
        'packages/core. Importing server code would pull Node-only code (database, secrets) into the browser bundle.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import the checker cannot resolve is invisible to every rule above (for example if the #app/* ' +
        'alias stopped resolving, all server rules would pass silently).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Only our TypeScript sources are cruised (the paths are given on the command line); packages are not
    // followed into, which keeps the run to a few seconds.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|data)/' },
    // `import type` counts: a type-only cycle or reach into another module's tables is still coupling.
    tsPreCompilationDeps: true,
    // Resolution: `.ts` extensions in imports, the server's `#app/*` alias (package.json "imports", which
    // enhanced-resolve reads by default) and `@coinlane/core/*` (core's package.json "exports").
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
