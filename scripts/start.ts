/**
 * `npm start`: builds the web app if needed, then starts the one process
 * (migrations run on open; the starter library is made on first start).
 */
import { ensureBuild } from './lib/ensure-build';

const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
ensureBuild();
await import('../server/index');
