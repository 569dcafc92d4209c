// The worker thread's entry (db/pglite-thread.ts): a worker does not inherit tsx's module hooks from the process, so
// it registers them before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
