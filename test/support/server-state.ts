/**
 * The state a server-rendered page carries beside its markup (src/entry-server.tsx's data block), read as the
 * browser's start-up reads it (readServerState); null when the page has none.
 */
import { readServerState, SERVER_STATE_ID, type ServerState } from '../../src/stores/hydration';

const STATE_BLOCK = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`, 's');

export function serverStateIn(html: string): ServerState | null {
  return readServerState(STATE_BLOCK.exec(html)?.[1]);
}
