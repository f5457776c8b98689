// `npm run build -w @coinlane/contracts`: compiles contracts/*.sol into dist/artifacts.json.
import { ARTIFACTS_FILE, writeArtifacts } from './compile.ts';

const started = performance.now();
const { contracts, solcVersion } = writeArtifacts();
const names = Object.keys(contracts).sort();
console.log(
  `solc ${solcVersion}: ${names.length} contracts (${names.join(', ')}) -> ${ARTIFACTS_FILE} in ${Math.round(performance.now() - started)} ms`,
);
