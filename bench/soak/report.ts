/** What the soak counts while it runs, and how it prints it (bench/soak). */
import { percentile } from '../scale/load';
import type { Answer } from './client';
import { KINDS, type Kind } from './mix';

interface KindCounts {
  /** Answer times of the whole run, and of its first and second half (ms). */
  times: number[];
  halves: [number[], number[]];
  bytes: number;
  failed: number;
}

/** Answers by kind and status, and requests that got no answer at all. */
export class Tally {
  private readonly kinds = new Map<Kind, KindCounts>();
  readonly statuses = new Map<number, number>();
  /** Non-2xx answers by kind and status, e.g. `note create 429`. */
  readonly failures = new Map<string, number>();
  /** Requests without an answer (connection reset, timeout), by message. */
  readonly networkErrors = new Map<string, number>();

  private of(kind: Kind): KindCounts {
    let counts = this.kinds.get(kind);
    if (!counts) {
      counts = { times: [], halves: [[], []], bytes: 0, failed: 0 };
      this.kinds.set(kind, counts);
    }
    return counts;
  }

  record(kind: Kind, answer: Answer, half: 0 | 1): void {
    const counts = this.of(kind);
    counts.times.push(answer.ms);
    counts.halves[half].push(answer.ms);
    counts.bytes += answer.bytes;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status < 200 || answer.status >= 300) {
      counts.failed += 1;
      const key = `${kind} ${answer.status}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    }
  }

  error(kind: Kind, error: unknown): void {
    const message = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
    this.networkErrors.set(message, (this.networkErrors.get(message) ?? 0) + 1);
  }

  get requests(): number {
    let total = 0;
    for (const counts of this.kinds.values()) total += counts.times.length;
    return total;
  }

  get serverErrors(): number {
    let total = 0;
    for (const [status, count] of this.statuses) if (status >= 500) total += count;
    return total;
  }

  get unanswered(): number {
    let total = 0;
    for (const count of this.networkErrors.values()) total += count;
    return total;
  }

  /** Per kind and for all kinds together: count, rate, failures, p50/p95/p99, p50 of each half, mean bytes. */
  rows(seconds: number): string[] {
    const line = (name: string, counts: KindCounts) => {
      const sorted = [...counts.times].sort((a, b) => a - b);
      const [first, second] = counts.halves.map((half) =>
        percentile(
          [...half].sort((a, b) => a - b),
          0.5,
        ),
      );
      const latency = [0.5, 0.95, 0.99].map((fraction) => ms(percentile(sorted, fraction))).join('/');
      const bytes = counts.times.length > 0 ? Math.round(counts.bytes / counts.times.length) : 0;
      return [
        `  ${name.padEnd(15)}`,
        String(counts.times.length).padStart(8),
        (counts.times.length / seconds).toFixed(1).padStart(7),
        String(counts.failed).padStart(7),
        `  ${latency.padEnd(20)}`,
        `${ms(first ?? Number.NaN)} -> ${ms(second ?? Number.NaN)}`.padEnd(16),
        String(bytes).padStart(7),
      ].join(' ');
    };
    const head = [
      `  ${'kind'.padEnd(15)}`,
      'requests'.padStart(8),
      'req/s'.padStart(7),
      'non-2xx'.padStart(7),
      `  ${'p50/p95/p99 ms'.padEnd(20)}`,
      'p50 1st -> 2nd'.padEnd(16),
      'bytes'.padStart(7),
    ].join(' ');
    const kinds = KINDS.flatMap((kind) => {
      const counts = this.kinds.get(kind);
      return counts ? [line(kind, counts)] : [];
    });
    return [head, ...kinds, line('all', this.all())];
  }

  private all(): KindCounts {
    const all: KindCounts = { times: [], halves: [[], []], bytes: 0, failed: 0 };
    for (const counts of this.kinds.values()) {
      all.times.push(...counts.times);
      all.halves[0].push(...counts.halves[0]);
      all.halves[1].push(...counts.halves[1]);
      all.bytes += counts.bytes;
      all.failed += counts.failed;
    }
    return all;
  }
}

export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export interface MemorySample {
  /** Seconds since the measured window began. */
  seconds: number;
  bytes: number;
}

/** Least-squares slope of RSS over the samples, in bytes per minute (NaN with fewer than 3 samples). */
export function slopePerMinute(samples: MemorySample[]): number {
  if (samples.length < 3) return Number.NaN;
  const n = samples.length;
  const meanX = samples.reduce((sum, sample) => sum + sample.seconds, 0) / n;
  const meanY = samples.reduce((sum, sample) => sum + sample.bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.seconds - meanX) * (sample.bytes - meanY);
    variance += (sample.seconds - meanX) ** 2;
  }
  return variance === 0 ? Number.NaN : (covariance / variance) * 60;
}

/**
 * The lowest sample in each of `parts` equal windows from `from` to `to` seconds (windows without a sample are left
 * out). RSS rises and falls by tens of MB as the young generation fills and is collected; the lows are what the
 * process keeps, so their trend is the growth that matters.
 */
export function lows(samples: MemorySample[], from: number, to: number, parts: number): MemorySample[] {
  const width = (to - from) / parts;
  const found: MemorySample[] = [];
  for (let part = 0; part < parts; part++) {
    const start = from + part * width;
    const inside = samples.filter(
      (sample) => sample.seconds >= start && (sample.seconds < start + width || part === parts - 1),
    );
    const low = inside.reduce<MemorySample | undefined>(
      (min, sample) => (!min || sample.bytes < min.bytes ? sample : min),
      undefined,
    );
    if (low) found.push(low);
  }
  return found;
}

/** The sample closest to `seconds`. */
export function sampleAt(samples: MemorySample[], seconds: number): MemorySample | undefined {
  let best: MemorySample | undefined;
  for (const sample of samples) {
    if (!best || Math.abs(sample.seconds - seconds) < Math.abs(best.seconds - seconds)) best = sample;
  }
  return best;
}
