import { fuzzShard } from './fuzz-suite.ts';

// The fuzzing of the whole HTTP API (fuzz-suite.ts), shard 3 of FUZZ_SHARDS: the shards run side by side.
fuzzShard(2);
