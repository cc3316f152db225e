import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/stores/env';
import { UiStore } from '../../src/stores/ui-store';

/** An Env whose timers run only when the test says so. */
function timers() {
  const due: Array<{ at: number; fn: () => void }> = [];
  let now = 0;
  const env = {
    setTimeout: (fn: () => void, ms: number) => due.push({ at: now + ms, fn }),
  } as unknown as Env;
  const advance = (ms: number) => {
    now += ms;
    for (const t of due.filter((d) => d.at <= now)) {
      due.splice(due.indexOf(t), 1);
      t.fn();
    }
  };
  return { env, advance };
}

describe('toasts (shell spec: 3 s general, 4 s payment, plan and appointment errors)', () => {
  it('a toast goes away by itself after its own time, not before', () => {
    const { env, advance } = timers();
    const ui = new UiStore(env);
    ui.showToast({ text: 'Payment failed', tone: 'error', durationMs: 4000 });
    ui.showToast({ text: 'Saved', tone: 'success', durationMs: 3000 });
    advance(2999);
    expect(ui.toasts.map((t) => t.text)).toEqual(['Payment failed', 'Saved']);
    advance(1);
    expect(ui.toasts.map((t) => t.text)).toEqual(['Payment failed']);
    advance(1000);
    expect(ui.toasts).toEqual([]);
  });

  it('a toast dismissed by hand leaves the others, and its timer later removes nothing else', () => {
    const { env, advance } = timers();
    const ui = new UiStore(env);
    ui.showToast({ text: 'First', tone: 'error', durationMs: 4000 });
    const [first] = ui.toasts;
    ui.dismissToast(first!.id);
    expect(ui.toasts).toEqual([]);
    advance(1000);
    ui.showToast({ text: 'Second', tone: 'error', durationMs: 4000 });
    advance(3000); // the first toast's time is up: the second stays
    expect(ui.toasts.map((t) => t.text)).toEqual(['Second']);
    advance(1000);
    expect(ui.toasts).toEqual([]);
  });
});
