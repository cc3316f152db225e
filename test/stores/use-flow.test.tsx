// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { modemRestartMachine } from '../../machines/modem-restart.machine';
import type { IssueEntry } from '../../src/stores/api-port';
import { StoreProvider } from '../../src/stores/context';
import { useFlow, type FlowSource } from '../../src/stores/use-flow';
import { fakeOrch, makeStore } from '../features/harness';

type Machine = typeof modemRestartMachine;

function Restart({ source }: { source: FlowSource<Machine> }) {
  const [snapshot, send] = useFlow('modem-restart', source);
  return (
    <>
      <p>{snapshot.matches('closed') ? 'at rest' : 'asked'}</p>
      <button type="button" onClick={() => send({ type: 'RESTART.OPEN' })}>
        Restart modem
      </button>
    </>
  );
}

async function mount(source: FlowSource<Machine>) {
  const issues: IssueEntry[] = [];
  const store = await makeStore({ orch: fakeOrch(), api: { logIssue: (e) => void issues.push(e) } });
  render(
    <StoreProvider store={store}>
      <Restart source={source} />
    </StoreProvider>,
  );
  return { issues };
}

describe('a flow loads its machine on its first event (useFlow)', () => {
  afterEach(cleanup);

  it('shows its resting state without loading the machine, loads it on the first event and hands the event over', async () => {
    let resolve: (m: Machine) => void = () => {};
    const load = vi.fn(() => new Promise<Machine>((r) => (resolve = r)));
    await mount(load);
    expect(screen.getByText('at rest')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Restart modem' }));
    expect(load).toHaveBeenCalledTimes(1);
    // Still at rest while the machine loads; the event is not lost.
    expect(screen.getByText('at rest')).toBeInTheDocument();
    await act(() => Promise.resolve(resolve(modemRestartMachine)));
    expect(await screen.findByText('asked')).toBeInTheDocument();
  });

  it('a machine that cannot be fetched leaves the flow at rest, is logged, and the next event tries again', async () => {
    const load = vi
      .fn<() => Promise<Machine>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(modemRestartMachine);
    const { issues } = await mount(load);
    await userEvent.click(screen.getByRole('button', { name: 'Restart modem' }));
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('loadFlow'));
    expect(issues.find((i) => i.operation === 'loadFlow')?.message).toBe(
      'modem-restart: Failed to fetch dynamically imported module',
    );
    expect(screen.getByText('at rest')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart modem' }));
    expect(await screen.findByText('asked')).toBeInTheDocument();
  });
});
