/**
 * Starts the sandbox (`npm start` builds first, then runs this with tsx).
 * Environment: PORT (default 5173), RULES_DIR, SANDBOX_PERSONAS_DIR (folders separated by the path
 * delimiter), ORCH_UPSTREAM (proxy to a real Orch host), SANDBOX_TODAY (YYYY-MM-DD, pins the persona clock),
 * SANDBOX_TIMEOUT_MS (how long a 'timeout' fault holds). See sandbox/README.md.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandboxServer, type SandboxOptions } from './server';

const env = process.env;
const options: SandboxOptions = {};
if (env.RULES_DIR) options.rulesDir = env.RULES_DIR;
if (env.SANDBOX_PERSONAS_DIR) options.personaDirs = env.SANDBOX_PERSONAS_DIR.split(delimiter).filter(Boolean);
if (env.ORCH_UPSTREAM) options.upstream = env.ORCH_UPSTREAM;
if (env.SANDBOX_TIMEOUT_MS) options.timeoutHoldMs = Number(env.SANDBOX_TIMEOUT_MS);
const pinned = /^(\d{4})-(\d{2})-(\d{2})$/.exec(env.SANDBOX_TODAY ?? '');
if (pinned) {
  // Noon, so a time-zone difference never moves the pinned calendar day.
  const day = new Date(Number(pinned[1]), Number(pinned[2]) - 1, Number(pinned[3]), 12);
  options.today = () => day;
}

const sandbox = createSandboxServer(options);
const url = await sandbox.listen(Number(env.PORT ?? 5173));
console.log(`Portal running at ${url}`);
if (options.upstream) console.log(`Proxying /Orch and /preauth to ${options.upstream}`);
console.log(`${sandbox.personas.length} personas; sign in at ${url}/sandbox/signin`);
const dist = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.warn(`dist/ is missing (${dist}): the app is not built. Run npm run build, or npm start.`);
}
