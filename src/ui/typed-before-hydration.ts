import { useLayoutEffect, type RefObject } from 'react';

/**
 * Text a customer typed into a field of the server's page before the JavaScript hydrated it stays on screen
 * (React keeps the DOM's value) but the field's owner never hears of it: React 19 replays such changes only
 * behind a flag (react#33129). On the first commit this hands the text to the field's onChange as the input
 * event it would have had, so what the customer sees is what the form submits.
 *
 * React reads an input event as a change when the DOM's value differs from the value it last knew: the field
 * is set to React's value through React's own setter, the typed text put back with the DOM's, then the event
 * dispatched. A layout effect, so no render can write React's value over the text first.
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLInputElement | null>, value: unknown): void {
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field || typeof value !== 'string' || field.value === value) return;
    const typed = field.value;
    field.value = value;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // Once, on the commit that hydrated the field: later values are React's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
