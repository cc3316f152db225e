import { useState } from 'react';

/** A persona's home under the live and the draft rules, side by side (frames of the portal itself). */
export interface Frames {
  /** The live home, through the persona's sign-in where one is configured. */
  live: string;
  /** The draft's home through its own sign-in: for a tab. */
  draft: string;
  /** The draft's home in the session the live frame signed in: the draft's frame, once that one loaded. */
  draftPage: string;
  persona: string;
  /** When it was opened: opened again (another draft, the same persona), both frames load afresh. */
  opened: number;
}

export function HomeSideBySide({
  personas,
  persona,
  onPersona,
  onOpen,
  canOpen,
  opening,
  problem,
  frames,
}: {
  personas: readonly { id: string }[];
  persona: string;
  onPersona: (id: string) => void;
  onOpen: () => void;
  canOpen: boolean;
  /** The server is opening it (the draft is sent, the persona signed in). */
  opening: boolean;
  /** Why it cannot be opened with this draft (its errors and where, or the server's refusal). */
  problem: string | null;
  frames: Frames | null;
}) {
  // A sign-in ends the session before it: the draft's frame waits for the live one to have signed in and
  // loaded, then opens in that session (server/studio/studio.ts, the preview).
  const [liveLoaded, setLiveLoaded] = useState<number | null>(null);
  return (
    <section aria-labelledby="studio-home-title" className="studio-panel">
      <h3 id="studio-home-title">The home under live and draft rules</h3>
      <label htmlFor="studio-home-persona">Persona</label>{' '}
      <select id="studio-home-persona" value={persona} onChange={(e) => onPersona(e.target.value)}>
        {personas.map((p) => (
          <option key={p.id}>{p.id}</option>
        ))}
      </select>{' '}
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => canOpen && !opening && onOpen()}
        aria-disabled={!canOpen || opening || undefined}
        aria-describedby={problem ? 'studio-home-problem' : undefined}
      >
        {opening ? 'Opening…' : 'Open the home side by side'}
      </button>
      {problem ? (
        <p id="studio-home-problem" role="status" className="studio-message studio-message--error">
          {problem}
        </p>
      ) : null}
      {frames && !problem ? (
        <div className="studio-frames" key={frames.opened}>
          {(['live', 'draft'] as const).map((side) => (
            <figure key={side}>
              <figcaption>
                {frames.persona}, {side} rules (
                <a href={frames[side]} target="_blank" rel="noopener">
                  open in a tab
                </a>
                )
              </figcaption>
              {side === 'live' ? (
                <iframe
                  title={`${frames.persona}'s home under the live rules`}
                  src={frames.live}
                  onLoad={() => setLiveLoaded(frames.opened)}
                />
              ) : liveLoaded === frames.opened ? (
                <iframe title={`${frames.persona}'s home under the draft rules`} src={frames.draftPage} />
              ) : (
                <p className="studio-frame-waiting">Opens once the live home has loaded…</p>
              )}
            </figure>
          ))}
        </div>
      ) : null}
    </section>
  );
}
