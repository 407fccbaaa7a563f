/** The soak's memory figures and verdict (bench/soak): the server's RSS and, when traced, its heap after full GCs. */
import { lows, mb, sampleAt, slopePerMinute, type MemorySample } from './report';

export interface MemoryVerdict {
  /** Why the memory fails the soak, or null. */
  problem: string | null;
  /** Whether the run was long enough to judge the growth. */
  judged: boolean;
}

const perMinute = (bytes: number) => (Number.isNaN(bytes) ? '-' : (bytes / 1024 / 1024).toFixed(2));

export interface MemoryLimits {
  /** Growth of the heap after full collections over the second half, MB per minute. */
  heapMbPerMinute: number;
  /** Growth of the lows of RSS over the second half, MB per minute. */
  rssMbPerMinute: number;
  /** RSS is judged on the lows of fifths of the second half at least this long. */
  minWindowSeconds: number;
}

/**
 * Prints RSS at the start, middle and end of the measured window, its lows per tenth and its slope over the second
 * half, and the heap after each full collection when the server traced them. Two verdicts: the heap after full
 * collections (a leak of JavaScript objects), when there are at least 4 in the second half; and the lows of RSS over
 * fifths of the second half (memory outside the heap too), when each fifth is at least `minWindowSeconds` long. RSS
 * swings by 100 MB and more as the old generation fills with garbage between full collections, and even its lows
 * wander, so its limit is the looser one (see soak.bench.ts).
 */
export function printMemory(
  rss: MemorySample[],
  heap: MemorySample[] | null,
  options: { seconds: number; sampleSeconds: number; limits: MemoryLimits },
): MemoryVerdict {
  const { seconds, limits } = options;
  const half = seconds / 2;
  const first = rss[0];
  const last = rss.at(-1);
  const middle = sampleAt(rss, half);
  const peak = Math.max(...rss.map((sample) => sample.bytes));
  const rssSlope = slopePerMinute(lows(rss, half, seconds, 5));
  const rawSlope = slopePerMinute(rss.filter((sample) => sample.seconds >= half));
  console.log(`\nserver RSS (${rss.length} samples, every ${options.sampleSeconds} s)`);
  console.log(
    `  start ${first ? mb(first.bytes) : '-'} MB, middle ${middle ? mb(middle.bytes) : '-'} MB, ` +
      `end ${last ? mb(last.bytes) : '-'} MB, peak ${mb(peak)} MB`,
  );
  const tenths = lows(rss, 0, seconds, 10).map((sample) => mb(sample.bytes));
  console.log(`  lowest per tenth of the window: ${tenths.join(' ')} MB`);
  console.log(
    `  second half: the lows of its fifths ${perMinute(rssSlope)} MB per minute, ` +
      `every sample ${perMinute(rawSlope)} MB per minute`,
  );

  const collections = heap?.filter((sample) => sample.seconds >= 0 && sample.seconds <= seconds) ?? [];
  const lateCollections = collections.filter((sample) => sample.seconds >= half);
  const heapSlope = slopePerMinute(lateCollections);
  if (heap) {
    const sizes = collections.map((sample) => sample.bytes);
    console.log(`\nV8 heap after full collections (--trace-gc): ${collections.length} in the window`);
    if (collections.length > 0) {
      console.log(
        `  first ${mb(sizes[0] ?? Number.NaN)} MB, last ${mb(sizes.at(-1) ?? Number.NaN)} MB, ` +
          `lowest ${mb(Math.min(...sizes))} MB, highest ${mb(Math.max(...sizes))} MB`,
      );
      const perTenth = lows(collections, 0, seconds, 10).map((sample) => mb(sample.bytes));
      console.log(`  lowest per tenth of the window: ${perTenth.join(' ')} MB`);
      console.log(
        `  second half: ${perMinute(heapSlope)} MB per minute over its ${lateCollections.length} collections`,
      );
    }
  }

  const verdicts = [
    {
      what: 'the heap after full collections',
      judged: lateCollections.length >= 4,
      slope: heapSlope,
      limit: limits.heapMbPerMinute,
    },
    {
      what: 'the lows of RSS',
      judged: half / 5 >= limits.minWindowSeconds,
      slope: rssSlope,
      limit: limits.rssMbPerMinute,
    },
  ];
  console.log('\nmemory growth over the second half');
  const problems: string[] = [];
  for (const verdict of verdicts) {
    const grew = verdict.judged && verdict.slope / 1024 / 1024 > verdict.limit;
    const figure = `${perMinute(verdict.slope)} MB per minute (limit ${verdict.limit})`;
    console.log(
      `  ${verdict.what}: ${verdict.judged ? figure : 'not judged in a run this short'}${grew ? ': TOO MUCH' : ''}`,
    );
    if (grew) problems.push(`${verdict.what} grew ${perMinute(verdict.slope)} MB per minute`);
  }
  return {
    problem: problems.length > 0 ? problems.join('; ') : null,
    judged: verdicts.every((verdict) => verdict.judged),
  };
}
