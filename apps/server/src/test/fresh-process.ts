import { clearFactoryVersions } from '#app/modules/forwarders/flush-forwarders.ts';
import { clearSwapFactories } from '#app/modules/forwarders/swap-forwarder.ts';

// Run before every server test file (vitest.config.ts setupFiles). The server tests share their worker process
// (isolate: false), so the few caches a process keeps at module level, rather than in the server it builds, are
// emptied here: each file starts with them as a new process would. Their entries are keyed by chain id and
// contract address, which repeat from one test's Hardhat node to the next.
clearFactoryVersions();
clearSwapFactories();
