import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import type { CapturedSession, JsonValue, PathFile, UiAction, UiTarget } from '../../machines/paths';
import { machineVersion, PATH_FORMAT, rulesHash } from '../../machines/version';
import { config } from '../config';
import type { QaProbe, QaStore } from '../stores/qa-store';
import type { RootStore } from '../stores/root-store';
import { readScreenLines } from './qa-screen';
import * as paths from '../../machines/paths';

/**
 * The QA capture's eyes on the page, loaded only with `?qa` (QaPanel imports it on demand): which control
 * the user acted on (role and accessible name, as a browser driver finds it), what the screen says, where
 * the page is; and the captured session a recording is saved as. Docs: machines/README.md (Captured
 * sessions), docs/decisions/018-qa-sessions.md.
 */

/** A user's action on the page, kept until a flow event claims it. */
interface Interaction {
  action: UiAction;
  element: Element;
  /** The page it happened on: actions on an earlier page are not replayed on this one. */
  href: string;
  /** A control that shows or hides part of the page (a menu button, a disclosure): it opens the way. */
  opener: boolean;
  /** The form or dialog it happened in: the fields filled there belong to the event its button sends. */
  scope: Element | null;
  at: number;
  consumed: boolean;
}

/** An event more than this long after the action is not its doing (the page sent it by itself). */
const SENDER_WINDOW_MS = 1000;
const KEPT = 200;
/** The page is settled after this long without a change, or after the bound at the latest. */
const QUIET_MS = 200;
const SETTLE_BOUND_MS = 3000;

const CONTROLS = 'button, a[href], input, select, textarea, summary, label, [role], [tabindex]';
const TEXT_INPUTS = new Set(['text', 'email', 'tel', 'search', 'url', 'number', 'date', 'time']);

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

const inPanel = (element: Element): boolean => element.closest('.qa-panel') !== null;

const visible = (element: Element): boolean =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;

/** The control as a driver finds it: role, accessible name, the dialog it is in, its rank among twins. */
export function targetOf(element: Element): UiTarget | null {
  const role = getRole(element);
  if (!role || role === 'generic' || role === 'presentation' || role === 'none') return null;
  const name = normalise(computeAccessibleName(element));
  const dialog = element.closest('dialog[open], [role="dialog"], [role="alertdialog"]');
  const root: ParentNode = dialog ?? document;
  let index = 0;
  for (const other of root.querySelectorAll(`${element.tagName}, [role="${role}"]`)) {
    if (other === element) break;
    if (inPanel(other) || !visible(other)) continue;
    if (getRole(other) === role && normalise(computeAccessibleName(other)) === name) index++;
  }
  return {
    role,
    name,
    ...(dialog ? { within: normalise(computeAccessibleName(dialog)) } : {}),
    ...(index > 0 ? { index } : {}),
  };
}

/** The control an event landed on: a label stands for its field; plain text is no control. */
function controlOf(target: EventTarget | null): Element | null {
  if (!(target instanceof Element) || inPanel(target)) return null;
  const found = target.closest(CONTROLS);
  if (found instanceof HTMLLabelElement) return found.control;
  return found;
}

const scopeOf = (element: Element): Element | null =>
  element.closest('form') ?? element.closest('dialog, [role="dialog"], [role="alertdialog"]');

/** Installs the capture on the page and hands the store its probe. Returns the uninstall. */
export function installCapture(store: RootStore): () => void {
  store.qa.usePaths(paths);
  const interactions: Interaction[] = [];
  const now = (): number => performance.now();

  const note = (element: Element, action: UiAction): void => {
    // The user acts on what the page shows now: that is the screen the flows' last steps led to.
    store.qa.flushScreens();
    interactions.push({
      action,
      element,
      href: window.location.href,
      opener: element.hasAttribute('aria-expanded') || element.hasAttribute('aria-haspopup'),
      scope: scopeOf(element),
      at: now(),
      consumed: false,
    });
    if (interactions.length > KEPT) interactions.splice(0, interactions.length - KEPT);
  };

  // Only what the user did: the page's own clicks (the download link of a save) are not actions.
  const onClick = (e: MouseEvent) => {
    if (!e.isTrusted) return;
    const element = controlOf(e.target);
    const target = element && targetOf(element);
    if (element && target) note(element, { action: 'click', ...target });
  };
  const onInput = (e: Event) => {
    if (!e.isTrusted) return;
    const element = controlOf(e.target);
    const field =
      element instanceof HTMLTextAreaElement ||
      (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type))
        ? element
        : null;
    if (!field) return;
    // Typing is one action: the field's latest value replaces the one noted a keystroke ago.
    const last = interactions.at(-1);
    if (last && !last.consumed && last.element === field && last.action.action === 'fill') {
      last.action = { ...last.action, value: field.value };
      last.at = now();
      return;
    }
    const target = targetOf(field);
    if (target) note(field, { action: 'fill', ...target, value: field.value });
  };
  const onChange = (e: Event) => {
    if (!e.isTrusted) return;
    const element = controlOf(e.target);
    if (!(element instanceof HTMLSelectElement)) return;
    const target = targetOf(element);
    if (target) note(element, { action: 'select', ...target, value: element.value });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || (e.target instanceof Element && inPanel(e.target))) return;
    note(e.target instanceof Element ? e.target : document.body, { action: 'press', key: 'Escape' });
  };

  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('keydown', onKey, true);

  const probe: QaProbe = {
    takeVia(since) {
      const t = now();
      const sender = interactions.findLast((i) => !i.consumed && t - i.at <= SENDER_WINDOW_MS);
      if (!sender) return undefined;
      // What led to the sender on its page since the flow's last step: the fields of its form or dialog, and
      // the menus and disclosures opened on the way (not other clicks: they may belong to nothing replayable).
      const before = interactions.filter(
        (i) =>
          !i.consumed &&
          i !== sender &&
          i.at >= since &&
          i.at <= sender.at &&
          i.href === sender.href &&
          ((i.scope !== null && i.scope === sender.scope) || (i.opener && i.action.action === 'click')),
      );
      const taken = [...before, sender];
      for (const i of taken) i.consumed = true;
      return taken.map((i) => i.action);
    },
    readScreen: readScreenLines,
    whenSettled(callback) {
      let quiet: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        observer.disconnect();
        clearTimeout(quiet);
        clearTimeout(bound);
        callback();
      };
      const observer = new MutationObserver((records) => {
        // The QA panel redraws on every step: it is not the page changing.
        const target = (r: MutationRecord) =>
          r.target instanceof Element ? r.target : r.target.parentElement;
        if (records.every((r) => target(r)?.closest('.qa-panel'))) return;
        clearTimeout(quiet);
        quiet = setTimeout(finish, QUIET_MS);
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      quiet = setTimeout(finish, QUIET_MS);
      const bound = setTimeout(finish, SETTLE_BOUND_MS);
    },
    location() {
      const url = new URL(window.location.href);
      url.searchParams.delete('qa');
      const state = (window.history.state as { usr?: unknown } | null)?.usr;
      return {
        path: `${url.pathname}${url.search}`,
        ...(state === undefined || state === null
          ? {}
          : { state: JSON.parse(JSON.stringify(state)) as JsonValue }),
      };
    },
    now,
  };
  store.qa.attach(probe);
  atStart = sessionInfo(store);

  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onChange, true);
    document.removeEventListener('keydown', onKey, true);
  };
}

/** /sandbox/session as the capture reads it; a real deployment has none. */
interface SessionInfo {
  persona?: string | null;
  accountIndex?: number;
  faults?: Record<string, string>;
  today?: string;
  clock?: string;
}

/** The sandbox session when the page loaded (asked once, when the capture is installed): its clock, account. */
let atStart: Promise<SessionInfo | null> = Promise.resolve(null);

async function sessionInfo(store: RootStore): Promise<SessionInfo | null> {
  const url = config.qa?.sessionInfoUrl;
  if (!url) return null;
  try {
    const response = await store.env.fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/** Local YYYY-MM-DDTHH:mm:ss (the capture keeps date-fns out of its chunk: the stamp is all it needs). */
const localStamp = (d: Date): string =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A recording as a captured session (path format 2): the path plus what it was captured with. */
export async function sessionFile(store: RootStore, qa: QaStore, id: number): Promise<PathFile> {
  const recording = qa.recording(id);
  if (!recording) throw new Error(`No recording ${id}`);
  // Saving says the page shows what the last step led to, settled or not.
  qa.flushScreens();
  const path = recording.recorder.toPathFile();
  // The page's start tells the clock and the account the flow began on; now tells the faults armed since.
  const [start, info, version, rules] = await Promise.all([
    atStart,
    sessionInfo(store),
    machineVersion(recording.logic),
    rulesHash(qa.rulesUsed),
  ]);
  const persona = [start?.persona, info?.persona].find((p) => typeof p === 'string') ?? null;
  const clock = start?.clock;
  const accountIndex = start?.accountIndex ?? info?.accountIndex;
  const page = recording.page ?? { path: window.location.pathname };
  const session: CapturedSession = {
    capturedAt: qa.startedAt.toISOString(),
    date: isDay(start?.today)
      ? start.today
      : isDay(info?.today)
        ? info.today
        : localStamp(qa.startedAt).slice(0, 10),
    ...(clock ? { sandboxClock: clock } : {}),
    persona,
    ...(typeof accountIndex === 'number' ? { accountIndex } : {}),
    faults: info?.faults ?? {},
    page,
    rules,
    browser: {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      locale: navigator.language,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    },
  };
  return {
    format: PATH_FORMAT,
    machine: path.machine,
    machineVersion: version,
    description: `Captured on ${page.path} as ${persona ?? 'an unknown customer'} (${path.steps.length} steps)`,
    session,
    ...(path.input === undefined ? {} : { input: path.input }),
    initialState: path.initialState,
    steps: path.steps,
  };
}

/** The file name a session is offered under: machine, persona and when. */
export const sessionFileName = (file: PathFile): string =>
  `${file.machine}-${file.session?.persona ?? 'session'}-${localStamp(new Date()).replace(/[-:]/g, '').replace('T', '-')}.json`;

/** Offers the session as a file to save (the browser's download). */
export function download(file: PathFile): void {
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = sessionFileName(file);
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
