/** What the national-scale read benchmark prints per database, the big/small ratios and the targets (bench/scale). */
import type { Subject } from './endpoints';
import type { LoadFigures } from './load';
import type { SeqScan, SqlFigures } from './sql-replay';

export interface EndpointFigures {
  bytes: number;
  /** A school or group page (target: 100 requests/s at 32 connections). */
  page: boolean;
  queries: number;
  sql: SqlFigures;
  load: Map<number, LoadFigures>;
}

export interface DatabaseFigures {
  name: string;
  subject: Subject;
  nationalResults: number;
  schools: number;
  endpoints: Map<string, EndpointFigures>;
  scans: SeqScan[];
  explainErrors: string[];
}

export const oneLine = (query: string, length: number) => query.replace(/\s+/g, ' ').slice(0, length);
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');

/** Prints one database's figures and its targets; returns the targets missed. */
export function printDatabase(figures: DatabaseFigures, connections: number[]): string[] {
  const misses: string[] = [];
  console.log(`\n${figures.name} (${figures.schools} schools, ${figures.nationalResults} national results)`);
  const head = connections.map((c) => `c=${c}: p50/p95/p99 ms, req/s`.padEnd(34)).join(' ');
  console.log(
    `  ${'endpoint'.padEnd(18)} ${'bytes'.padStart(8)} ${'q/req'.padStart(5)}  SQL p50/p95 ms  ${head}`,
  );
  for (const [name, endpoint] of figures.endpoints) {
    const loads = connections
      .map((c) => {
        const result = endpoint.load.get(c);
        return (
          result
            ? `${ms(result.p50)}/${ms(result.p95)}/${ms(result.p99)}, ${result.requestsPerSecond.toFixed(1)}`
            : '-'
        ).padEnd(34);
      })
      .join(' ');
    const failed = endpoint.sql.failed ? ` (${endpoint.sql.failed} failed on replay)` : '';
    console.log(
      `  ${name.padEnd(18)} ${String(endpoint.bytes).padStart(8)} ${String(endpoint.queries).padStart(5)}  ` +
        `${`${ms(endpoint.sql.p50)}/${ms(endpoint.sql.p95)}`.padEnd(14)} ${loads}${failed}`,
    );
  }
  console.log(
    `  targets: p95 at 1 connection <= 1.5 x bare SQL p95 (the login's: with one argon2id verify per round);`,
  );
  console.log(`           >= 100 req/s at 32 connections for the school and group pages`);
  for (const [name, endpoint] of figures.endpoints) {
    const single = endpoint.load.get(1);
    if (single) {
      const yardstick = 1.5 * endpoint.sql.p95;
      const met = single.p95 <= yardstick;
      console.log(
        `    ${name.padEnd(18)} p95 ${ms(single.p95)} ms vs 1.5 x ${ms(yardstick / 1.5)} = ${ms(yardstick)} ms: ${met ? 'met' : 'MISSED'}`,
      );
      if (!met)
        misses.push(
          `${figures.name} ${name}: p95 ${ms(single.p95)} ms > ${ms(yardstick)} ms at 1 connection`,
        );
    }
    const many = endpoint.load.get(32);
    if (many && endpoint.page) {
      const met = many.requestsPerSecond >= 100;
      console.log(
        `    ${name.padEnd(18)} ${many.requestsPerSecond.toFixed(1)} req/s at 32: ${met ? 'met' : 'MISSED'}`,
      );
      if (!met)
        misses.push(`${figures.name} ${name}: ${many.requestsPerSecond.toFixed(1)} req/s < 100 at 32`);
    }
  }
  return misses;
}

/** Prints big/small latency ratios per endpoint; returns the targets missed. */
export function printRatios(big: DatabaseFigures, small: DatabaseFigures, connections: number[]): string[] {
  const misses: string[] = [];
  console.log(
    `\nbig/small (${big.name} / ${small.name}), p50 latency (p95 beside it); target p50 ratio <= 1.2`,
  );
  for (const [name, bigEndpoint] of big.endpoints) {
    const smallEndpoint = small.endpoints.get(name);
    if (!smallEndpoint) continue;
    const parts = connections.map((c) => {
      const b = bigEndpoint.load.get(c);
      const s = smallEndpoint.load.get(c);
      if (!b || !s) return `c=${c}: -`;
      const ratio = b.p50 / s.p50;
      if (ratio > 1.2) misses.push(`${name}: big/small ${ratio.toFixed(2)} at ${c} connections`);
      return `c=${c}: ${ratio.toFixed(2)} (p95 ${(b.p95 / s.p95).toFixed(2)}) ${ratio <= 1.2 ? 'met' : 'MISSED'}`;
    });
    const sqlRatio = bigEndpoint.sql.p50 / smallEndpoint.sql.p50;
    console.log(`  ${name.padEnd(18)} ${parts.join('   ')}   bare SQL p50 ${sqlRatio.toFixed(2)}`);
  }
  return misses;
}
