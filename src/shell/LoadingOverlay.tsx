import { LOADING_TEXT } from './shell-html';

/** Spec copy of the loading overlay (also in index.html's first paint, src/shell/shell-html.ts). */
export { LOADING_TEXT };

export function LoadingOverlay() {
  return (
    <div className="overlay" role="status" aria-live="polite">
      <div className="overlay__spinner" aria-hidden="true" />
      <p>{LOADING_TEXT}</p>
    </div>
  );
}
