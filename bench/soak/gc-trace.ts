/**
 * The V8 heap after each full collection, from the server's `--trace-gc` lines in its log (bench/soak). RSS rises and
 * falls with the young generation and with garbage the old generation keeps until its next mark-compact; what a
 * mark-compact leaves is what the process holds on to, the figure that grows when memory leaks.
 */
import { readFileSync } from 'node:fs';
import type { MemorySample } from './report';

/** `[pid:0x…]   123456 ms: Mark-Compact (reduce) 180.5 (200.1) -> 150.2 (201.0) MB, …` */
const MARK_COMPACT =
  /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: Mark-Compact(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/**
 * The heap in use after each mark-compact, at seconds since `measureFrom`. `spawnedAt` is when the server was
 * started (V8 counts its times from the isolate's start, a few ms later); both are `performance.now()` values.
 */
export function heapAfterFullCollections(
  log: string,
  spawnedAt: number,
  measureFrom: number,
): MemorySample[] {
  const samples: MemorySample[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const match = MARK_COMPACT.exec(line);
    if (!match?.[1] || !match[2]) continue;
    samples.push({
      seconds: (spawnedAt + Number(match[1]) - measureFrom) / 1000,
      bytes: Number(match[2]) * 1024 * 1024,
    });
  }
  return samples;
}
