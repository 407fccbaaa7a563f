import pg from 'pg';

type ConnectCallback = Parameters<pg.Pool['connect']>[0];

/**
 * A node-postgres pool that survives connections the server cuts off (restart, failover, pg_terminate_backend,
 * an idle transaction timed out):
 *
 * - node-postgres emits 'error' on a client whose connection breaks, and an 'error' event without a listener is
 *   thrown as an uncaught exception: the whole process would stop. The pool listens only while a client is idle
 *   (and then drops it), so every client gets a listener of its own for its whole life. Nothing more is needed
 *   there: the statement on that client fails with the same error (answered 503 by the error handler), and the
 *   pool discards a client released in that state.
 * - A client checked out for a transaction is given back when its connection ends, should its holder not do so:
 *   drizzle sends `begin` before the try whose finally releases the client, so a connection that dies under
 *   `begin` kept its pool slot for good; a few such slots in a restart, and every later transaction waited for a
 *   connection in vain. The holder's own release later does nothing. (pool.query's checkouts release on error
 *   themselves.)
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new ReleasingPool(config);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenEnded);
  }
}

function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const settle = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', ended);
    release(error);
  };
  const ended = () => settle(new Error('connection ended while checked out'));
  client.once('end', ended);
  client.release = settle;
  return client;
}
