/**
 * Reading a group's national results (issue 16 item 2, the request's Node time): the rows of the group
 * statement (groupScoreRowSchema's 24-field tuples, each with its growth) parsed by zod and by the compiled
 * reader the server uses (apps/server/src/db/row-decoder.ts), in turns, with the heap each allocates. The rows
 * are generated with the demo's spread of values; ROWS (default 232, the 200-school benchmark's group) and
 * ROUNDS (default 400) are settings.
 *
 *   npm run bench:rows
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { rowDecoderOf } from '../apps/server/src/db/row-decoder';
import { groupScoreRowSchema } from '../apps/server/src/modules/scores/score-rows';

const rowCount = Number(process.env.ROWS ?? 232);
const rounds = Number(process.env.ROUNDS ?? 400);
const MOMENTS = ['B', 'M', 'E'] as const;
const PROVIDERS = ['CITO', 'DIA', 'IEP'] as const;
const ROMAN = ['I', 'II', 'III', 'IV', 'V'] as const;
const LEVELS = ['<1F', '1F', '1S', '2F'] as const;

/** Row `index` as the statement sends it: every field set, and every third without a previous result. */
function tuple(index: number): unknown[] {
  const ability = 100 + (index % 80) + 0.5;
  const first = index % 3 === 0;
  return [
    index + 1,
    300 + (index % 28),
    1 + (index % 22),
    1 + (index % 7),
    1 + (index % 3),
    PROVIDERS[index % 3],
    2018 + (index % 8),
    MOMENTS[index % 3],
    index % 2 ? `2025-0${1 + (index % 9)}-15` : null,
    10 + (index % 50),
    ability,
    index % 100,
    null,
    ROMAN[index % 5],
    '3.0',
    index % 4 ? null : 'M5',
    index % 60,
    false,
    LEVELS[index % 4],
    LEVELS[(index + 1) % 4],
    index % 5 !== 0,
    first ? null : ability - 6,
    first ? null : 2017 + (index % 8),
    first ? null : MOMENTS[(index + 2) % 3],
  ];
}

const rows = Array.from({ length: rowCount }, (_, index) => tuple(index));
const byZod = z.array(groupScoreRowSchema);
const byReader = rowDecoderOf(z.array(groupScoreRowSchema));
if (JSON.stringify(byZod.parse(rows)) !== JSON.stringify(byReader(rows))) {
  throw new Error('the reader and zod give different rows');
}

/** Time per read (a loop of its own) and heap allocated per read (v8's count of allocated bytes is not exposed:
 * the growth of the used heap between reads, rounds with a young collection in between left out). */
function measure(parse: (value: unknown) => unknown) {
  const started = performance.now();
  for (let round = 0; round < rounds; round++) parse(rows);
  const ms = (performance.now() - started) / rounds;
  let allocated = 0;
  let counted = 0;
  for (let round = 0; round < rounds; round++) {
    const before = process.memoryUsage().heapUsed;
    parse(rows);
    const grown = process.memoryUsage().heapUsed - before;
    if (grown >= 0) {
      allocated += grown;
      counted++;
    }
  }
  return { ms, kb: allocated / Math.max(1, counted) / 1024 };
}

const results = {
  zod: [] as number[],
  reader: [] as number[],
  zodKb: [] as number[],
  readerKb: [] as number[],
};
for (let turn = 0; turn < 5; turn++) {
  const zodRun = measure((value) => byZod.parse(value));
  const readerRun = measure(byReader);
  if (turn === 0) continue; // warm-up
  results.zod.push(zodRun.ms);
  results.reader.push(readerRun.ms);
  results.zodKb.push(zodRun.kb);
  results.readerKb.push(readerRun.kb);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(`${rowCount} group result rows, ${rounds} reads per turn, 4 turns (median of the turns)`);
console.log(
  `  zod parse        ${median(results.zod).toFixed(3)} ms per read, ~${median(results.zodKb).toFixed(0)} KB allocated`,
);
console.log(
  `  compiled reader  ${median(results.reader).toFixed(3)} ms per read, ~${median(results.readerKb).toFixed(0)} KB allocated`,
);
console.log(`  reader / zod     ${(median(results.reader) / median(results.zod)).toFixed(2)}`);
