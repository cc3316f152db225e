/**
 * Starts the server (`npm start` builds first, then runs this with tsx): the sandbox by default, production
 * with PORTAL_MODE=production or ORCH_UPSTREAM. Every environment variable is read and checked by
 * server/config.ts (docs/deploy.md lists them); a configuration it refuses stops the start with one message
 * naming each problem.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
const url = await server.listen(config.port, config.host);
console.log(`Portal running at ${url} (${config.mode} mode)`);
if (config.production) {
  console.log(
    `Proxying /Orch and /preauth to ${config.production.upstream}; public at ${config.production.publicUrl}`,
  );
} else {
  if (!LOOPBACK_HOSTS.includes(config.host)) {
    console.warn(
      `Listening on ${config.host}, beyond this machine: the sandbox signs anyone in as any persona without a ` +
        'password. It is a stand-in for development and tests, never to be exposed as it is.',
    );
  }
  console.log(`${server.personas.length} personas; sign in at ${url}/sandbox/signin`);
}
const { dist } = serverFolders({ dist: options.distDir });
if (!existsSync(join(dist, 'index.html'))) {
  console.warn(`dist/ is missing (${dist}): the app is not built. Run npm run build, or npm start.`);
}
