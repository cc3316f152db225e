/**
 * The text on screen as a QA capture records it and `npm run qa:replay` checks it: the page's rendered text
 * (innerText: what is laid out, not what is hidden), one entry per line, whitespace collapsed, each line once,
 * without the QA panel's own lines. `toasts` are the lines of the toast area (`.toasts`).
 *
 * Self-contained on purpose (no imports, no helper functions, no closures over module values): the replay
 * runs this very function inside the page with Playwright's page.evaluate, so both ends read alike.
 */
export function readScreenLines(): { lines: string[]; toasts: string[] } {
  const out: { lines: string[]; toasts: string[] } = { lines: [], toasts: [] };
  const panel = document.querySelector<HTMLElement>('.qa-panel');
  const skip = new Set<string>();
  for (const raw of panel ? panel.innerText.split('\n') : []) skip.add(raw.replace(/\s+/g, ' ').trim());
  const sources: Array<[HTMLElement | null, string[]]> = [
    [document.body, out.lines],
    [document.querySelector<HTMLElement>('.toasts'), out.toasts],
  ];
  for (const [element, list] of sources) {
    const seen = new Set<string>();
    for (const raw of element ? element.innerText.split('\n') : []) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (line !== '' && !skip.has(line) && !seen.has(line)) {
        seen.add(line);
        list.push(line);
      }
    }
  }
  return out;
}
