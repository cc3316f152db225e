import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { config } from '../../src/config';
import { shellHtml } from '../../src/shell/shell-html';
import { ShellFrame } from '../../src/shell/ShellFrame';

/**
 * index.html's first paint (written at build time from shellHtml) is adopted by the app, not replaced
 * (src/start.tsx hydrates it): the router's first frame, ShellFrame, must be the same markup, element for
 * element, or the loading text customers already read would be painted again (issue 12).
 */
describe("the router's first frame", () => {
  it('is the markup index.html paints before any JavaScript runs', () => {
    expect(renderToStaticMarkup(<ShellFrame />)).toBe(shellHtml(config.provider));
  });
});
