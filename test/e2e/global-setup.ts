/** The browser tests' servers (playwright.config.ts, E2E_SERVERS), started side by side; stopped after. */
import { E2E_SERVERS } from '../../playwright.config';
import { startServers } from './servers';

export default async function globalSetup(): Promise<() => Promise<void>> {
  return startServers(E2E_SERVERS);
}
