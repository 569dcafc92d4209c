import { Hono } from 'hono';
import { healthRoutes, type Readiness } from './health';
import { metricsAllowed } from './metrics';

/**
 * The operator's routes of the shop's port: health, readiness, and the metrics behind their token — unless they have
 * a port of their own, which is then the only one answering them.
 */
export function opsRoutes(deps: {
  readiness: Readiness;
  metrics: () => Promise<{ body: string; contentType: string }>;
  metricsToken?: string;
  metricsPort?: number;
}) {
  const app = healthRoutes(deps.readiness);
  app.get('/metrics', async (c) => {
    c.header('cache-control', 'no-store');
    // METRICS_PORT keeps them off the public port altogether: a token left set (or leaked) opens nothing there.
    if (deps.metricsPort) return c.text('Метрики на этом порту закрыты: их отдаёт отдельный порт METRICS_PORT.', 403);
    if (!deps.metricsToken)
      return c.text('Метрики на этом порту закрыты: задайте METRICS_TOKEN или METRICS_PORT.', 403);
    if (!metricsAllowed(c.req.header('authorization'), deps.metricsToken)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.text('Метрики: нужен заголовок Authorization: Bearer с METRICS_TOKEN.', 401);
    }
    const { body, contentType } = await deps.metrics();
    return c.body(body, 200, { 'content-type': contentType });
  });
  return app;
}

/** `METRICS_PORT`: `/metrics` without a token, on an address only the monitoring reaches; nothing else there. */
export function metricsPortApp(metrics: () => Promise<{ body: string; contentType: string }>) {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const { body, contentType } = await metrics();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  });
  return app;
}
