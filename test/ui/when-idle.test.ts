// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { onFirstInput } from '../../src/ui/when-idle';

describe("onFirstInput: work started by the customer's first act on the page (docs/decisions/057)", () => {
  for (const type of ['pointerdown', 'keydown', 'click'] as const)
    it(`runs once, at the first ${type}, before the page's own handlers of it`, () => {
      const order: string[] = [];
      const work = vi.fn(() => order.push('work'));
      onFirstInput(work);
      const button = document.createElement('button');
      document.body.append(button);
      button.addEventListener(type, () => order.push('handler'));
      expect(work).not.toHaveBeenCalled();
      button.dispatchEvent(new Event(type, { bubbles: true }));
      expect(order).toEqual(['work', 'handler']);
      for (const next of ['pointerdown', 'keydown', 'click'])
        button.dispatchEvent(new Event(next, { bubbles: true }));
      expect(work).toHaveBeenCalledTimes(1);
      button.remove();
    });

  it('runs nothing once cancelled', () => {
    const work = vi.fn();
    const cancel = onFirstInput(work);
    cancel();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(work).not.toHaveBeenCalled();
  });

  it('is not started by what the page does on its own (a scroll, a focus, a pointer passing over)', () => {
    const work = vi.fn();
    const cancel = onFirstInput(work);
    for (const type of ['scroll', 'focusin', 'pointermove', 'mouseover'])
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(work).not.toHaveBeenCalled();
    cancel();
  });
});
