import { useEffect, type RefObject } from 'react';

/** The space kept free above a bottom overlay for a focused control (px), beyond its own height and offset. */
const CLEARANCE_PX = 8;

/** Each overlay fixed at the bottom of the screen that shows now -> the strip it covers (px from the bottom). */
const strips = new Map<HTMLElement, number>();

/**
 * The page makes room for the tallest strip: the root's scroll padding, so the browser counts the strip as out
 * of view and scrolls a control focused there above it; and as much padding below the body's content, so a
 * control at the page's very end (the footer's last link) can be scrolled that far too. Both are set through
 * the style object (the CSP refuses style attributes) and removed with the last overlay.
 */
function makeRoom(doc: Document): void {
  const strip = Math.max(0, ...strips.values());
  const value = strip > 0 ? `${strip}px` : '';
  doc.documentElement.style.scrollPaddingBottom = value;
  if (doc.body) doc.body.style.paddingBottom = value;
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
