import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import EventEmitter from '../../src/engine/event-emitter';
// The original, loaded by Node itself: the Vite aliases (the build's and Vitest's) resolve it to the stand-in.
const RealEmitter = createRequire(import.meta.url)('eventemitter2') as unknown;

/**
 * The browser build replaces eventemitter2 with src/engine/event-emitter.ts inside json-rules-engine: it must
 * behave like eventemitter2 for what the engine does (every browser test runs the rules on it).
 */
type Like = {
  on(e: string, l: (...a: unknown[]) => unknown): unknown;
  emitAsync(e: string, ...a: unknown[]): Promise<unknown[]>;
  emit(e: string, ...a: unknown[]): boolean;
  removeAllListeners(e?: string): unknown;
};

/** How json-rules-engine's compiled classes extend it: the parent constructor called as a function. */
function subclassOf(Parent: unknown): new () => Like {
  function Child(this: unknown) {
    (Parent as (this: unknown) => void).call(this);
  }
  Child.prototype = Object.create((Parent as { prototype: object }).prototype) as object;
  return Child as unknown as new () => Like;
}

it('compares the stand-in with the original eventemitter2, not with itself', () => {
  expect(RealEmitter).not.toBe(EventEmitter);
  expect(typeof (RealEmitter as { prototype: { onAny?: unknown } }).prototype.onAny).toBe('function');
});

describe.each([
  ['eventemitter2', RealEmitter],
  ['the stand-in', EventEmitter as unknown],
])('%s, as json-rules-engine uses it', (_name, Parent) => {
  it('calls the listeners of an event in order with its arguments, and emitAsync waits for all of them', async () => {
    const emitter = new (subclassOf(Parent))();
    const calls: unknown[] = [];
    emitter.on('success', (event, almanac) => {
      calls.push(['first', event, almanac]);
    });
    emitter.on('success', async (event) => {
      await Promise.resolve();
      calls.push(['second', event]);
      return 'done';
    });
    const results = await emitter.emitAsync('success', { type: 'x' }, 'almanac');
    expect(calls).toEqual([
      ['first', { type: 'x' }, 'almanac'],
      ['second', { type: 'x' }],
    ]);
    expect(results).toEqual([undefined, 'done']);
    expect(await emitter.emitAsync('failure', 1)).toEqual([]);
  });

  it('emit says whether anyone listened; removeAllListeners forgets them', () => {
    const emitter = new (subclassOf(Parent))();
    let n = 0;
    emitter.on('a', () => void n++);
    expect(emitter.emit('a')).toBe(true);
    expect(emitter.emit('b')).toBe(false);
    emitter.removeAllListeners('a');
    expect(emitter.emit('a')).toBe(false);
    expect(n).toBe(1);
  });

  it('a rejected listener rejects emitAsync', async () => {
    const emitter = new (subclassOf(Parent))();
    emitter.on('e', () => Promise.reject(new Error('boom')));
    await expect(emitter.emitAsync('e')).rejects.toThrow('boom');
  });
});
