// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { preloadable } from '../../src/ui/preloadable';

function Body({ name }: { name: string }) {
  return <p>Network {name}</p>;
}

/** A module load the test settles by hand, counting how often it is asked for. */
function deferredModule() {
  const calls: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const importModule = () =>
    new Promise<{ default: typeof Body }>((resolve, reject) => {
      calls.push({ resolve: () => resolve({ default: Body }), reject });
    });
  return { importModule, calls };
}

/** Renders the component under a fallback, recording every text the container shows, commit by commit. */
function open(Component: ComponentType<{ name: string }>) {
  const seen: string[] = [];
  const view = render(
    <Suspense fallback={<p>Loading the QR code…</p>}>
      <Component name="RiveraHome" />
    </Suspense>,
  );
  seen.push(view.container.textContent ?? '');
  return { view, seen };
}

describe('a component whose code is fetched ahead of the tap that shows it', () => {
  afterEach(cleanup);

  it('renders at once, with no fallback, once its code was loaded ahead', async () => {
    const { importModule, calls } = deferredModule();
    const body = preloadable(importModule);
    const loading = body.load();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await loading;
    const { seen } = open(body.Component);
    expect(seen).toEqual(['Network RiveraHome']);
    // The tap asked for nothing more.
    expect(calls).toHaveLength(1);
  });

  it('suspends like React.lazy while its code is not in, on the same single load', async () => {
    const { importModule, calls } = deferredModule();
    const body = preloadable(importModule);
    const { view, seen } = open(body.Component);
    expect(seen).toEqual(['Loading the QR code…']);
    expect(calls).toHaveLength(1);
    void body.load();
    expect(calls).toHaveLength(1);
    await act(() => {
      calls[0]!.resolve();
      return Promise.resolve();
    });
    expect(await view.findByText('Network RiveraHome')).toBeInTheDocument();
  });

  it('loads again after a load that failed: a failed warm-up leaves the tap its own try', async () => {
    const { importModule, calls } = deferredModule();
    const body = preloadable(importModule);
    const first = body.load();
    calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = body.load();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await second;
    const { seen } = open(body.Component);
    expect(seen).toEqual(['Network RiveraHome']);
  });
});
