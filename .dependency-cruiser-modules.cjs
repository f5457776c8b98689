/**
 * Import cycles between server modules (apps/server/src/modules/<module>/), checked by `npm run depcruise` after
 * the file-level rules of .dependency-cruiser.cjs. A second run because dependency-cruiser finds folder cycles on
 * the whole graph: there every module would be "in a cycle" through http/ (http/app.ts registers each module's
 * routes.ts, which use http/'s guards) or jobs/. Here only the modules' own code is cruised (tests left out), so a
 * cycle is two modules that import each other, directly or through other modules.
 */
const base = require('./.dependency-cruiser.cjs');

/**
 * The module cycles that existed when this rule was written, as "module: the modules it may still reach in a
 * cycle". dependency-cruiser's known-violations file does not apply to folder rules, so the baseline is kept
 * here. Remove an entry when its cycle is gone; never add one. (Issue 15: payments -> payment-links and
 * payments -> fees went with the lifecycle hooks, auth <-> api-keys when the session user moved to profile; the
 * chains/currencies/forwarders/wallets/rates/notifications loop is still to untangle.)
 */
const KNOWN_CYCLES = {
  chains: ['forwarders', 'payments'],
  currencies: ['chains'],
  forwarders: ['chains', 'currencies', 'payments', 'rates', 'wallets'],
  notifications: ['payments'],
  payments: ['currencies', 'rates'],
  rates: ['currencies'],
  wallets: ['chains', 'notifications', 'payments'],
};

const MODULES = '^apps/server/src/modules/';
const COMMENT =
  'Two modules that import each other, even through different files or other modules, are one module in ' +
  'disguise: neither can be understood, tested or changed without the other, and the order in which their ' +
  'files initialise starts to matter. One of them should own the shared piece, or the other should be handed ' +
  'a function (a hook registered at start-up) instead of importing it.';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-between-modules',
      comment: COMMENT,
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$`, pathNot: `${MODULES}(${Object.keys(KNOWN_CYCLES).join('|')})$` },
      to: { circular: true },
    },
    ...Object.entries(KNOWN_CYCLES).map(([module, known]) => ({
      name: 'no-circular-between-modules',
      comment: `${COMMENT} Known cycles of ${module} being removed: through ${known.join(', ')}.`,
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}${module}$` },
      to: { circular: true, pathNot: `${MODULES}(${known.join('|')})$` },
    })),
  ],
  options: {
    ...base.options,
    includeOnly: MODULES,
    exclude: { path: ['(^|/)(dist|data)/', '\\.test\\.ts$'] },
  },
};
