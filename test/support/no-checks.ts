import { EventEmitter } from 'node:events';
import type { StudioChecker } from '../../server/studio/studio-check';

/** Checks that find nothing, at once: the studio's HTTP answers are tested, not its checks. */
export function noChecks(): StudioChecker {
  return {
    events: new EventEmitter(),
    check: () => Promise.resolve([]),
    draftRules: () => Promise.resolve({ rules: {}, problems: [] }),
    context: () => Promise.resolve({}),
    warm: () => undefined,
    close: () => Promise.resolve(),
  };
}
