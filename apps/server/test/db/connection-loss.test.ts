import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableCode } from '../../src/db/connection-loss';
import { freePort } from '../helpers/free-port';

/** An error as node-postgres gives a message of the server: its SQLSTATE in `code`. */
const fromServer = (code: string, message: string) => Object.assign(new Error(message), { code });
/** As Drizzle hands a failed statement on: the driver's error as its cause, the parameters in its message. */
const failedQuery = (cause: Error, params: unknown[] = []) =>
  new DrizzleQueryError('select 1', params, cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      '57P01 admin shutdown (a restart)',
      fromServer('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P03 starting up', fromServer('57P03', 'the database system is starting up')],
    [
      '25P03 idle transaction ended',
      fromServer('25P03', 'terminating connection due to idle-in-transaction timeout'),
    ],
    ['08006 connection failure', fromServer('08006', 'connection failure')],
    ['53300 no slot free', fromServer('53300', 'sorry, too many clients already')],
    ['a socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['the socket closed under a query', new Error('Connection terminated unexpectedly')],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['wrapped by Drizzle', failedQuery(new Error('Connection terminated unexpectedly'))],
    [
      'one of several addresses',
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', fromServer('23505', 'duplicate key value violates unique constraint')],
    ['a statement timeout', fromServer('57014', 'canceling statement due to statement timeout')],
    [
      'a server message quoting driver words',
      fromServer('22P02', 'invalid input syntax: "Connection terminated"'),
    ],
    [
      'parameters that quote driver words',
      failedQuery(fromServer('23505', 'duplicate key'), ['Connection terminated', 'is not queryable']),
    ],
    ['not an error at all', 'Connection terminated'],
    ['an error of the app', new Error('note not stored in a category that exists')],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('recognises what node-postgres really answers for a port nobody listens on and for a closed pool', async () => {
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const refused: unknown = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(unavailableCode(refused)).toBe('ECONNREFUSED');

    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await pool.end();
    const ended: unknown = await pool.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(ended)).toBe(true);
  });
});
