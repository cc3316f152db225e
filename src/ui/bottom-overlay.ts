import { useEffect, type RefObject } from 'react';

/** The space kept free above a bottom overlay for a focused control (px), beyond its own height and offset. */
const CLEARANCE_PX = 8;

/** The root's custom property holding the strip the page keeps free at its bottom. */
const PROPERTY = '--bottom-overlay';

/** The root's custom property holding the height of the page's own bar at its bottom, which overlays sit above. */
const BAR_PROPERTY = '--bottom-bar';

/** Each overlay fixed at the bottom of the screen that shows now -> the strip it covers (px from the bottom). */
const strips = new Map<HTMLElement, number>();

/** Each bar of the page's own held at the bottom of the screen (sticky) -> its height (px). */
const bars = new Map<HTMLElement, number>();

/** Each shown overlay's measure of its strip, run again when the bars below it change. */
const measures = new Set<() => void>();

/** Sets or removes one of the root's properties: the largest of `values` in px, none when there is none. */
function setLargest(doc: Document, property: string, values: Iterable<number>): void {
  const largest = Math.max(0, ...values);
  if (largest > 0) doc.documentElement.style.setProperty(property, `${largest}px`);
  else doc.documentElement.style.removeProperty(property);
}

/**
 * The page makes room for the tallest strip through one custom property on the root, `--bottom-overlay`
 * (src/ui/styles.css): the root's scroll padding, so the browser counts the strip as out of view and scrolls a
 * control focused there above it, and as much padding below the body's content, so a control at the page's
 * very end (the footer's last link) can be scrolled that far too. A bar of the page's own at the bottom (the
 * studio's save bar) is one more strip, and the overlays sit above it (`useBottomBar`). Set through the style
 * object (the CSP refuses style attributes), removed with the last overlay.
 */
function makeRoom(doc: Document): void {
  setLargest(doc, PROPERTY, strips.values());
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
    const measure = () => {
      const offset = view ? parseFloat(view.getComputedStyle(el).bottom) || 0 : 0;
      strips.set(el, Math.ceil(el.offsetHeight + offset + CLEARANCE_PX));
      makeRoom(doc);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // A bar at the bottom that comes, goes or changes height moves the overlay, not its size.
    measures.add(measure);
    return () => {
      observer.disconnect();
      measures.delete(measure);
      strips.delete(el);
      makeRoom(doc);
    };
  }, [overlay, shown]);
}

/**
 * A bar of the page's own held at the bottom of the screen while it shows (`position: sticky; bottom: 0`: the
 * studio's save bar). Its height goes into the root's `--bottom-bar`, which lifts the overlays fixed at the
 * screen's bottom (the toasts, the QA panel: src/ui/styles.css) above it, so neither hides the other's
 * controls; and the bar is a strip the page keeps free for a focused control, as an overlay's is.
 * docs/decisions/063.
 */
export function useBottomBar(bar: RefObject<HTMLElement | null>): void {
  useFocusKeptAbove(bar, true);
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const doc = el.ownerDocument;
    const lift = () => {
      setLargest(doc, BAR_PROPERTY, bars.values());
      // The overlays now sit elsewhere: their strips are measured again (one layout, as the bar changes).
      for (const measure of measures) measure();
    };
    const observer = new ResizeObserver(() => {
      bars.set(el, Math.ceil(el.offsetHeight));
      lift();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      bars.delete(el);
      lift();
    };
  }, [bar]);
}
