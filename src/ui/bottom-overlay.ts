import { useEffect, type RefObject } from 'react';

/** The space kept free above a bottom overlay for a focused control (px), beyond its own height and offset. */
const CLEARANCE_PX = 8;

/** The root's custom property holding the strip the page keeps free at its bottom. */
const PROPERTY = '--bottom-overlay';

/** Each overlay fixed at the bottom of the screen that shows now -> the strip it covers (px from the bottom). */
const strips = new Map<HTMLElement, number>();

/**
 * The page makes room for the tallest strip through one custom property on the root, `--bottom-overlay`
 * (src/ui/styles.css): the root's scroll padding, so the browser counts the strip as out of view and scrolls a
 * control focused there above it, and as much padding below the body's content, so a control at the page's
 * very end (the footer's last link) can be scrolled that far too. A page with a bar of its own at the bottom
 * keeps the larger of the two (the studio's save bar, src/features/studio/studio.css). Set through the style
 * object (the CSP refuses style attributes), removed with the last overlay.
 */
function makeRoom(doc: Document): void {
  const strip = Math.max(0, ...strips.values());
  if (strip > 0) doc.documentElement.style.setProperty(PROPERTY, `${strip}px`);
  else doc.documentElement.style.removeProperty(PROPERTY);
}

/**
 * WCAG 2.2 2.4.11 (Focus Not Obscured): a control the keyboard reaches must not be hidden under an overlay the
 * portal places over the page's bottom (the toasts, the QA panel). While `shown`, the element's strip (its
 * height and its offset from the bottom, plus a clearance) is kept free: a ResizeObserver measures it after
 * layout (no layout forced), again as it grows or shrinks. docs/decisions/060 and 062.
 */
export function useFocusKeptAbove(overlay: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const el = overlay.current;
    if (!el || !shown || typeof ResizeObserver !== 'function') return undefined;
    const doc = el.ownerDocument;
    const view = doc.defaultView;
    const observer = new ResizeObserver(() => {
      const offset = view ? parseFloat(view.getComputedStyle(el).bottom) || 0 : 0;
      strips.set(el, Math.ceil(el.offsetHeight + offset + CLEARANCE_PX));
      makeRoom(doc);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      strips.delete(el);
      makeRoom(doc);
    };
  }, [overlay, shown]);
}
