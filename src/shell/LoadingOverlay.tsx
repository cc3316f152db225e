/** Spec copy of the loading overlay. */
export const LOADING_TEXT = 'Please wait while we retrieve your account information.';

export function LoadingOverlay() {
  return (
    <div className="overlay" role="status" aria-live="polite">
      <div className="overlay__spinner" aria-hidden="true" />
      <p>{LOADING_TEXT}</p>
    </div>
  );
}
