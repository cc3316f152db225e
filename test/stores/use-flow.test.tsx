// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { modemRestartMachine } from '../../machines/modem-restart.machine';
import { paperlessMachine, type PaperlessInput } from '../../machines/paperless.machine';
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

/** Renders a flow's component with a store whose issue log is kept. */
async function mount(component: ReactElement) {
  const issues: IssueEntry[] = [];
  const store = await makeStore({ orch: fakeOrch(), api: { logIssue: (e) => void issues.push(e) } });
  render(<StoreProvider store={store}>{component}</StoreProvider>);
  return { issues };
}

describe('a flow loads its machine on its first event (useFlow)', () => {
  afterEach(cleanup);

  it('shows its resting state without loading the machine, loads it on the first event and hands the event over', async () => {
    let resolve: (m: Machine) => void = () => {};
    const load = vi.fn(() => new Promise<Machine>((r) => (resolve = r)));
    await mount(<Restart source={load} />);
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
    const { issues } = await mount(<Restart source={load} />);
    await userEvent.click(screen.getByRole('button', { name: 'Restart modem' }));
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('loadFlow'));
    expect(issues.find((i) => i.operation === 'loadFlow')?.message).toBe(
      'modem-restart: Failed to fetch dynamically imported module',
    );
    expect(screen.getByText('at rest')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart modem' }));
    expect(await screen.findByText('asked')).toBeInTheDocument();
  });

  it('a field typed into while the machine loads shows what was typed, and the events reach the machine in order', async () => {
    let resolve: (m: typeof paperlessMachine) => void = () => {};
    const load = vi.fn(() => new Promise<typeof paperlessMachine>((r) => (resolve = r)));
    await mount(<EmailForm source={load} />);
    const field = screen.getByLabelText('Email address');
    expect(field).toHaveValue('kept@mail.example');
    await userEvent.clear(field);
    await userEvent.type(field, 'new@mail.example');
    expect(load).toHaveBeenCalledTimes(1);
    // The machine has not arrived; the field shows every keystroke, and what a submit would judge is it.
    expect(field).toHaveValue('new@mail.example');
    expect(screen.getByText('valid: yes')).toBeInTheDocument();
    await userEvent.clear(field);
    expect(screen.getByText('valid: no')).toBeInTheDocument();
    await userEvent.type(field, 'last@mail.example');
    await act(() => Promise.resolve(resolve(paperlessMachine)));
    expect(await screen.findByText('started')).toBeInTheDocument();
    expect(field).toHaveValue('last@mail.example');
  });

  it('what was typed stays in the field when the machine cannot be fetched, and reaches it on the next try', async () => {
    const load = vi
      .fn<() => Promise<typeof paperlessMachine>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(paperlessMachine);
    const { issues } = await mount(<EmailForm source={load} />);
    const field = screen.getByLabelText('Email address');
    await userEvent.clear(field);
    await userEvent.type(field, 'a@b.co');
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('loadFlow'));
    expect(field).toHaveValue('a@b.co');
    await userEvent.type(field, 'm');
    expect(await screen.findByText('started')).toBeInTheDocument();
    expect(field).toHaveValue('a@b.com');
  });
});

const FORM_INPUT: PaperlessInput = {
  paperless: false,
  email: 'kept@mail.example',
  emailValid: true,
  emailRetryLimit: 2,
  phoneDigits: 10,
  inline: true,
};

function EmailForm({ source }: { source: FlowSource<typeof paperlessMachine> }) {
  const [snapshot, send] = useFlow('paperless', source, FORM_INPUT);
  return (
    <>
      <label htmlFor="email">Email address</label>
      <input
        id="email"
        value={snapshot.context.email}
        onChange={(e) =>
          send({
            type: 'EMAIL.CHANGE',
            email: e.target.value,
            valid: /^[^@\s]+@[^@\s]+\.\w{2,}$/.test(e.target.value),
          })
        }
      />
      <p>valid: {snapshot.context.emailValid ? 'yes' : 'no'}</p>
      {/* An actor's snapshot carries its machine; the resting one does not. */}
      {'machine' in snapshot ? <p>started</p> : null}
    </>
  );
}
