import type pg from 'pg';

/**
 * Seeing and ending the server's backends from a watcher connection of the test's own, as a restart or failover
 * ends them: the watcher stays outside the transactions that hold locks, since pg_stat_activity does not change
 * within one transaction.
 */

/** The backend process id of a connection. */
export async function backendPid(client: pg.Client): Promise<number> {
  const [own] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  if (!own) throw new Error('pg_backend_pid() answered no row');
  return own.pid;
}

/** The backends of this database waiting for a lock, apart from `exclude` (the test's own and those seen). */
export async function lockWaiters(watcher: pg.Client, exclude: readonly number[]): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await watcher.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and not (pid = any($1::int[]))`,
      [exclude],
    );
    if (rows.length > 0) return rows.map((row) => row.pid);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no request waited for the lock');
}

export async function terminateBackends(watcher: pg.Client, pids: readonly number[]): Promise<void> {
  for (const pid of pids) await watcher.query('select pg_terminate_backend($1)', [pid]);
}
