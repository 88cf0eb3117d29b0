// Figures the load scripts report: percentiles of latencies and a process's resident memory.
import { readFileSync } from 'node:fs';

/** The p-th percentile (0 to 100) of latencies sorted ascending; 0 when there are none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A process's resident memory in MiB (Linux /proc); throws when the process is gone. */
export const rssMiB = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
