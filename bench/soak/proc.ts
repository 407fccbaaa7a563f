/**
 * CPU and memory of processes on this machine, from /proc (bench/soak): the server process's resident memory and
 * CPU time, and the CPU time of the PostgreSQL backends that serve one database.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of the times in /proc/<pid>/stat (100 on Linux almost everywhere). */
const CLOCK_TICKS = (() => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/** Resident memory (VmRSS) of a process in bytes, or null once it has gone. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** User plus system CPU time of a process in ms (utime and stime of /proc/<pid>/stat), or null once it has gone. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/**
 * CPU time of the backends connected to one database, summed since `reset`. Call `sample` every few seconds:
 * it finds the backends (pg_stat_activity) and reads their CPU. A backend counts from its first sample on (the
 * server's pool keeps its connections under load), and up to its last sample when it ends; the monitoring
 * connection itself is left out. PostgreSQL's shared processes (WAL writer, checkpointer) serve every database
 * on the machine and are not counted.
 */
export class BackendCpu {
  private readonly backends = new Map<number, { first: number; last: number }>();

  constructor(private readonly client: pg.ClientBase) {}

  async sample(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      if (now === null) continue;
      const known = this.backends.get(pid);
      if (known) known.last = now;
      else this.backends.set(pid, { first: now, last: now });
    }
  }

  /** Starts counting from the backends' present CPU time. */
  async reset(): Promise<void> {
    await this.sample();
    for (const backend of this.backends.values()) backend.first = backend.last;
  }

  /** CPU ms of the backends since `reset`, and how many backends were seen. */
  total(): { ms: number; backends: number } {
    let ms = 0;
    for (const backend of this.backends.values()) ms += backend.last - backend.first;
    return { ms, backends: this.backends.size };
  }
}
