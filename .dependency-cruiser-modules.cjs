/**
 * Import cycles between server modules (apps/server/src/modules/<module>/), checked by `npm run depcruise` after
 * the file-level rules of .dependency-cruiser.cjs. A second run because dependency-cruiser finds folder cycles on
 * the whole graph: there every module would be "in a cycle" through http/ (http/app.ts registers each module's
 * routes.ts, which use http/'s guards) or jobs/. Here only the modules' own code is cruised (tests left out), so a
 * cycle is two modules that import each other, directly or through other modules. There is no baseline of known
 * cycles: the last one (chains, currencies, forwarders, notifications, payments, rates, wallets) went when the chain
 * families moved out of the modules into families/ and isLiveNetwork into lib/ (issue 15).
 */
const base = require('./.dependency-cruiser.cjs');

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
      from: { path: `${MODULES}[^/]+$` },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: MODULES,
    exclude: { path: ['(^|/)(dist|data)/', '\\.test\\.ts$'] },
  },
};
