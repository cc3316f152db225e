/**
 * The shell's first paint as static HTML, written into index.html at build time (lib/vite-first-load.ts)
 * so the page is not blank while the JavaScript loads: the header's frame (the provider's logo link) and
 * the loading overlay with the spec's text. No inline script or style (the strict CSP); the classes are the
 * React shell's own, and test/shell/first-paint.test.tsx proves React's ShellFrame renders the same markup,
 * so the hand-over does not move anything.
 */
export const LOADING_TEXT = 'Please wait while we retrieve your account information.';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function shellHtml(provider: { name: string; siteUrl: string }): string {
  return [
    '<div class="app">',
    '<header class="header"><div class="header__bar">',
    `<a href="${escapeHtml(provider.siteUrl)}" target="_blank" rel="noopener noreferrer" class="header__logo">`,
    `${escapeHtml(provider.name)}<span class="visually-hidden"> home page (opens in a new tab)</span></a>`,
    '</div></header>',
    '<main id="main" class="main" tabindex="-1">',
    '<div class="overlay" role="status" aria-live="polite"><div class="overlay__spinner" aria-hidden="true"></div>',
    `<p>${escapeHtml(LOADING_TEXT)}</p></div>`,
    '</main>',
    '</div>',
  ].join('');
}
