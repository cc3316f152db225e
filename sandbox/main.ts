/**
 * Starts the server (`npm start` builds first, then runs this with tsx): the sandbox by default, production
 * with PORTAL_MODE=production or ORCH_UPSTREAM. Every environment variable is read and checked by
 * server/config.ts (docs/deploy.md lists them); a configuration it refuses stops the start with one message
 * naming each problem. Logs are JSON lines on standard output (server/logging.ts).
 *
 * SIGTERM (or SIGINT) shuts it down gracefully: it stops taking connections, lets the requests in flight
 * finish, then exits 0; past SHUTDOWN_GRACE_SECONDS it exits 1 whatever is still running. An uncaught error
 * takes the same way out, with exit code 1 (close-with-grace).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, readServerConfig, type ServerConfig } from '../server/config';
import { serverFolders } from '../server/paths';
import { LOOPBACK_HOSTS } from '../server/security';
import { createSandboxServer, optionsOf } from './server';

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
const server = createSandboxServer(options);
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
if (config.production) {
  log.info(
    `Proxying /Orch and /preauth to ${config.production.upstream}; public at ${config.production.publicUrl}`,
  );
} else {
  if (!LOOPBACK_HOSTS.includes(config.host)) {
    log.warn(
      `Listening on ${config.host}, beyond this machine: the sandbox signs anyone in as any persona without a ` +
        'password. It is a stand-in for development and tests, never to be exposed as it is.',
    );
  }
  log.info(`${server.personas.length} personas; sign in at ${url}/sandbox/signin`);
}
const { dist } = serverFolders({ dist: options.distDir });
if (!existsSync(join(dist, 'index.html'))) {
  log.warn(`dist/ is missing (${dist}): the app is not built. Run npm run build, or npm start.`);
}
