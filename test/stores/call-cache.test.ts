import { describe, expect, it } from 'vitest';
import { CallCache, type SettledCall } from '../../src/stores/call-cache';

/** A call whose answer the test hands over when it wants. */
function heldCall(): { make: () => Promise<SettledCall | null>; answer: (call: SettledCall) => void } {
  let answer: (call: SettledCall) => void = () => {};
  const held = new Promise<SettledCall>((resolve) => (answer = resolve));
  return { make: () => held, answer };
}

describe('CallCache on the server', () => {
  it('keeps a call that settles before the deadline for the page', async () => {
    const cache = new CallCache(true);
    const call = heldCall();
    const served = cache.serve('bills', call.make);
    call.answer({ status: 'ok', data: { due: 12 } });
    await expect(served).resolves.toEqual({ status: 'ok', data: { due: 12 } });
    expect(cache.dehydrate()).toEqual({ bills: { status: 'ok', data: { due: 12 } } });
  });

  it('leaves out a call that settles after the deadline: the render showed it loading', async () => {
    const at = 1_000;
    const cache = new CallCache(
      true,
      () => at,
      () => at,
    );
    const call = heldCall();
    const served = cache.serve('bills', call.make);
    // The deadline has passed: the render reads the call as still loading.
    await expect(served).resolves.toBeNull();
    call.answer({ status: 'ok', data: { due: 12 } });
    await call.make();
    await Promise.resolve();
    expect(cache.dehydrate()).toEqual({});
    expect(cache.peek('bills')).toBeUndefined();
  });
});
