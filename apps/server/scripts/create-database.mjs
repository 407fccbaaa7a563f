// Creates (or with --drop, drops) a database on a PostgreSQL server: used by .ci/run.
import pg from 'pg';

const [adminUrl, name, flag] = process.argv.slice(2);
if (!adminUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: create-database.mjs <admin-url> <name> [--drop]');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
await client.connect();
if (flag === '--drop') {
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} else {
  await client.query(`CREATE DATABASE ${name}`);
  console.log(`created database ${name}`);
}
await client.end();
