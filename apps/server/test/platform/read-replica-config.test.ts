import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { onReadReplica } from '../../src/context';
import { createDatabase } from '../../src/db/client';
import { createTestApp } from '../helpers/app';

describe('DATABASE_READ_URL', () => {
  const base = { JWT_SECRET: 'read-replica-config-secret-long-enough-for-hs256' };

  it('is refused without DATABASE_URL (the embedded database has no replica)', () => {
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica/leerzicht' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });

  it('is taken with DATABASE_URL, and is no URL unless it parses as one', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://primary/leerzicht',
      DATABASE_READ_URL: 'postgres://replica/leerzicht',
    });
    expect(config.DATABASE_READ_URL).toBe('postgres://replica/leerzicht');
    expect(() =>
      loadConfig({ ...base, DATABASE_URL: 'postgres://primary/leerzicht', DATABASE_READ_URL: 'replica' }),
    ).toThrow(/DATABASE_READ_URL/);
  });

  it('gives the results reads the read database, and nothing else changes', async () => {
    const t = await createTestApp();
    // A pool is opened lazily: this one never connects, it only has to be another database object.
    const replicaDatabase = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/leerzicht' });
    try {
      expect(t.ctx.readDb).toBe(t.ctx.db);
      expect(onReadReplica(t.ctx)).toBe(t.ctx);
      const withReplica = { ...t.ctx, readDb: replicaDatabase.db };
      const replica = onReadReplica(withReplica);
      expect(replica.db).toBe(replicaDatabase.db);
      expect(replica.readDb).toBe(replicaDatabase.db);
      expect(replica.jwtSecret).toBe(t.ctx.jwtSecret);
      expect(withReplica.db).toBe(t.ctx.db);
    } finally {
      await replicaDatabase.close();
      await t.close();
    }
  });
});
