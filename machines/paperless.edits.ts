import type { PaperlessContext, PaperlessEvent } from './paperless.machine';

type EventOf<K extends PaperlessEvent['type']> = Extract<PaperlessEvent, { type: K }>;

/**
 * The paperless form's field changes: what each assigns to the context. The machine assigns them with these
 * functions (machines/paperless.machine.ts), and a flow at rest applies them itself while the machine loads
 * (machines/resting.ts RESTING_EDITS), so a field shows what was typed from the first keystroke. No xstate here.
 */
export const PAPERLESS_EDITS = {
  'EMAIL.CHANGE': (event: EventOf<'EMAIL.CHANGE'>): Partial<PaperlessContext> => ({
    email: event.email,
    emailValid: event.valid,
  }),
  'PHONE.CHANGE': (event: EventOf<'PHONE.CHANGE'>): Partial<PaperlessContext> => ({ phone: event.phone }),
  'OPTION.SELECT': (event: EventOf<'OPTION.SELECT'>): Partial<PaperlessContext> => ({ option: event.option }),
};
