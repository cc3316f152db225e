/**
 * The server's own few HTML answers (a missing file, an unbuilt portal, a sign-in that failed): plain and
 * script-free, so they read the same under the strict CSP in every mode. The sign-in's pages link the portal's
 * look as a file of the build (SERVER_PAGE_CSS); the others, which may answer where no build is, have none.
 */

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The portal's look for the server's own pages (public/server-page.css, served from the build like the favicon). */
export const SERVER_PAGE_CSS = '/server-page.css';

/** A page with a title and a body already escaped; `stylesheet`, a same-origin style sheet's path. */
export function plainPage(title: string, body: string, stylesheet?: string): string {
  const style = stylesheet ? `\n<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${style}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function plainMessagePage(title: string, text: string): string {
  return plainPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

export function notBuiltPage(distDir: string): string {
  return plainPage(
    'Portal not built',
    `<h1>The portal is not built</h1>
<p>The server serves the built app from <code>${escapeHtml(distDir)}</code>, which is missing.
Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>`,
  );
}
