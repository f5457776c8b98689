import { ensureWebBuilt } from './server.ts';

/**
 * Once per run, before the journeys' workers start: the web app is built when its output is missing or older than
 * its sources. The journeys run two files at a time, and two builds into one directory at once would break both.
 */
export default function setup() {
  ensureWebBuilt();
}
