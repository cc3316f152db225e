/**
 * Starts the portal server (main.ts runs this once NODE_ENV is production): production by default, the
 * sandbox's portal with PORTAL_MODE=sandbox (sandbox/start.ts, which `npm start` runs, starts the sandbox
 * beside it and sets that). Every environment variable is read and checked by server/config.ts
 * (docs/deploy.md lists them); a configuration it refuses stops the start with one message naming each
 * problem. Logs are JSON lines on standard output (server/logging.ts).
 *
 * SIGTERM (or SIGINT) shuts it down gracefully: it stops taking connections, lets the requests in flight
 * finish, then exits 0; past SHUTDOWN_GRACE_SECONDS it exits 1 whatever is still running. An uncaught error
 * takes the same way out, with exit code 1 (close-with-grace).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { createPortalServer, optionsOf } from './app';
import { ConfigError, readServerConfig, type ServerConfig } from './config';
import { serverFolders } from './paths';
import { reactBuildsLoaded } from './react-build';
import { LOOPBACK_HOSTS } from './security';

function configOrExit(): ServerConfig {
  try {
    return readServerConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

const config = configOrExit();
const options = optionsOf(config);
const server = createPortalServer(options);
const { log } = server.app;

closeWithGrace(
  {
    delay: config.shutdownGraceMs,
    logger: { error: (message: unknown) => log.error(String(message)) },
    onTimeout: (delay) => log.error(`requests still in flight after ${delay} ms: exiting anyway`),
  },
  async ({ signal, err }) => {
    if (err) log.error({ err }, 'uncaught error: shutting down');
    else log.info(`${signal ?? 'exit'}: shutting down`);
    // No bound of its own: close-with-grace's delay (SHUTDOWN_GRACE_SECONDS) is the one.
    await server.close(Infinity);
    log.info('closed: every request in flight has finished');
  },
);

const url = await server.listen(config.port, config.host);
log.info(`Portal running at ${url} (${config.mode} mode)`);
if (config.metrics) {
  const metricsUrl = await server.listenMetrics(config.metrics.port, config.metrics.host);
  log.info(`Metrics at ${metricsUrl} (Prometheus text format; not served on the portal's port)`);
}
// Started by a launcher with an IPC channel (sandbox/start.ts, a supervisor): it is told where, and its going
// away ends this server as SIGTERM does.
if (process.send) {
  process.send({ type: 'listening', url });
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
log.info(`Proxying /Orch and /preauth to ${config.upstream}`);
if (config.production) {
  log.info(`Public at ${config.production.publicUrl}`);
} else {
  log.info(`/sandbox proxied to the sandbox at ${config.upstream}; sign in at ${url}/sandbox/signin`);
  if (!LOOPBACK_HOSTS.includes(config.host)) {
    log.warn(
      `Listening on ${config.host}, beyond this machine: the sandbox behind it signs anyone in as any persona ` +
        'without a password. It is a stand-in for development and tests, never to be exposed as it is.',
    );
  }
}
const { dist } = serverFolders({ dist: options.distDir });
if (!existsSync(join(dist, 'index.html'))) {
  log.warn(`dist/ is missing (${dist}): the app is not built. Run npm run build, or npm start.`);
} else {
  // The page renderer loaded now, not on the first customer's request; and which React build it runs.
  await server.warm();
  log.info({ react: reactBuildsLoaded() }, `rendering with React's ${reactBuildsLoaded().join(', ')} build`);
}
