import { fuzzShard } from './fuzz-suite.ts';

// The fuzzing of the whole HTTP API (fuzz-suite.ts), shard 2 of FUZZ_SHARDS: the shards run side by side.
fuzzShard(1);
