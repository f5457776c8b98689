// Types of scripts/cluster.mjs for the TypeScript that imports it (apps/server/src/cluster.test.ts).
import type { ChildProcess } from 'node:child_process';

export type ClusterSpec = { name: string; roles: string; offset: number; public: boolean };

export declare const CLUSTER_SHAPE: readonly ClusterSpec[];

export type ClusterProcess = {
  name: string;
  roles: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type Cluster = {
  processes: ClusterProcess[];
  get(name: string): ClusterProcess;
  stop(): Promise<void>;
};

export declare function startCluster(options?: {
  env?: Record<string, string | undefined>;
  ports?: number[] | 'free';
  onLine?: (name: string, line: string) => void;
  readyTimeoutMs?: number;
  graceMs?: number;
}): Promise<Cluster>;
