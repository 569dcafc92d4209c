import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

/**
 * The write path's baseline: a bare Hono route that makes `:n` round trips to PostgreSQL (`argv[2]`) on one pooled
 * connection, as the shop's calls do (a pool of 10, as the shop's), and answers a small JSON. Prints its port.
 */
const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });
const app = new Hono();
app.post('/trips/:n', async (c) => {
  const n = Number(c.req.param('n'));
  const client = await pool.connect();
  try {
    for (let i = 0; i < n; i++) await client.query('select $1::int as i', [i]);
  } finally {
    client.release();
  }
  return c.json({ status: 'ok', data: {} });
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`${info.port}\n`));
