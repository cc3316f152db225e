import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountSwitchMachine } from '../../machines/account-switch.machine';
import { creditOfferMachine, type OfferAnswerResponse } from '../../machines/credit-offer.machine';
import { createPathRecorder } from '../../machines/paths';
import { isDeepStrictEqual } from 'node:util';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import { generateMachinePaths } from '../../lib/paths/generate';
import { replayPath } from '../../lib/paths/replay';
import { expectState } from './support/expect-state';

describe('a path recorded from a live session (createPathRecorder)', () => {
  it('has the path file format, replays, and equals the generated path of the same run', async () => {
    const input = { loginName: 'jdoe' };
    const recorder = createPathRecorder({ machine: 'account-switch', logic: accountSwitchMachine, input });
    const actor = createActor(
      accountSwitchMachine.provide({
        actors: {
          setCurrentAccount: fromPromise(() => Promise.resolve('Success')),
          reloadSession: fromPromise(() => Promise.resolve()),
          loadAccountData: fromPromise(() => Promise.reject(new Error('account data failed'))),
        },
      }),
      { input, inspect: recorder.inspect },
    ).start();
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await expectState(actor, 'idle');

    const recorded = recorder.toPathFile();
    expect(recorded.initialState).toBe('idle');
    expect(recorded.steps.map((s) => s.event)).toEqual([
      { type: 'ACCOUNT.SELECT', pid: 'P2' },
      { type: 'xstate.done.actor.setCurrentAccount', output: 'Success' },
      { type: 'xstate.done.actor.reloadSession' },
      { type: 'xstate.error.actor.loadAccountData', error: { message: 'account data failed' } },
    ]);
    expect(recorded.steps[0]?.expectedEffects).toEqual(['clearCaches']);
    expect(recorded.steps[3]?.expectedMessages?.map((m) => m.text)).toEqual([
      'We were unable to switch accounts. Please try again later.',
    ]);
    expect((await replayPath(recorded)).ok).toBe(true);
    const generated = generateMachinePaths(PATH_MACHINES.find((m) => m.id === 'account-switch')!).find((p) =>
      isDeepStrictEqual(
        p.file.steps.map((s) => s.event),
        recorded.steps.map((s) => s.event),
      ),
    );
    expect(generated?.file.steps).toEqual(recorded.steps);
    expect(generated?.file.input).toEqual(recorded.input);
  });

  it('records dialogs and messages shown by states', async () => {
    const recorder = createPathRecorder({ machine: 'credit-offer', logic: creditOfferMachine });
    const actor = createActor(
      creditOfferMachine.provide({
        actors: {
          answerOffer: fromPromise(() =>
            Promise.resolve<OfferAnswerResponse>({ status: 'OK', message: 'Offer declined' }),
          ),
        },
      }),
      { inspect: recorder.inspect },
    ).start();
    actor.send({ type: 'CREDIT.DECLINE' });
    await expectState(actor, { declineDialog: 'declined' });
    actor.send({ type: 'DIALOG.CLOSE' });

    const recorded = recorder.toPathFile();
    expect(recorded.steps.map((s) => s.expectedState)).toEqual([
      { declineDialog: 'sending' },
      { declineDialog: 'declined' },
      'declined',
    ]);
    expect(recorded.steps[1]?.expectedMessages?.map((m) => m.text)).toEqual([
      'Your out of service credit has been declined',
    ]);
    expect((await replayPath(recorded)).ok).toBe(true);
  });
});
