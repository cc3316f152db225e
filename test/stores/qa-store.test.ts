import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { creditOfferMachine, type OfferAnswerResponse } from '../../machines/credit-offer.machine';
import type { UiAction } from '../../machines/paths';
import { QaStore, screenChange, type QaProbe, type ScreenLines } from '../../src/stores/qa-store';
import * as paths from '../../machines/paths';
import { expectState } from '../machines/support/expect-state';

/** A page as the capture sees it: the screens it will read in turn, the user's last action, a settle queue. */
function fakePage(screens: ScreenLines[], via: UiAction[]) {
  let read = 0;
  let clock = 0;
  const settling: Array<() => void> = [];
  const taken: number[] = [];
  const probe: QaProbe = {
    takeVia: (since) => {
      taken.push(since);
      return via;
    },
    readScreen: () => screens[Math.min(read++, screens.length - 1)]!,
    whenSettled: (callback) => void settling.push(callback),
    location: () => ({ path: '/home' }),
    now: () => (clock += 10),
  };
  return { probe, settle: () => settling.splice(0).forEach((f) => f()), taken };
}

const screen = (lines: string[], toasts: string[] = []): ScreenLines => ({ lines, toasts });

function creditOffer(qa: QaStore, answer: Promise<OfferAnswerResponse>) {
  return createActor(creditOfferMachine.provide({ actors: { answerOffer: fromPromise(() => answer) } }), {
    inspect: qa.inspectFor('credit-offer', creditOfferMachine),
  });
}

const accept: UiAction[] = [{ action: 'click', role: 'button', name: 'Accept' }];

describe('QA capture of a flow (QaStore with the page probe)', () => {
  it('records the control that sent a user event, none for a call answer, and what each step changed on screen', async () => {
    const qa = new QaStore(true);
    qa.usePaths(paths);
    const page = fakePage(
      [
        screen(['Out of service credit', 'Accept', 'Decline']), // before CREDIT.ACCEPT
        screen(['Out of service credit', 'Recording your answer…']), // before the answer (the page moved on)
        screen(['Credit will be applied to your account.'], ['Credit will be applied to your account.']),
      ],
      accept,
    );
    qa.attach(page.probe);
    const actor = creditOffer(qa, Promise.resolve({ status: 'OK', offerStatus: 'Accepted' }));
    actor.start();
    actor.send({ type: 'CREDIT.ACCEPT' });
    await expectState(actor, 'accepted');
    page.settle();

    const [path] = qa.paths;
    expect(path?.state).toBe('accepted');
    const [sent, answered] = path!.file.steps;
    expect(sent?.via).toEqual(accept);
    // The call answered before the page settled on 'accepting': that step has no screen of its own.
    expect(sent?.screen).toBeUndefined();
    expect(answered?.via).toBeUndefined();
    expect(answered?.screen).toEqual({
      shown: ['Credit will be applied to your account.'],
      gone: ['Out of service credit', 'Recording your answer…'],
    });
    expect(qa.recording(path!.id)?.page).toEqual({ path: '/home' });
  });

  it('asks for the user actions since the previous step of the same flow', async () => {
    const qa = new QaStore(true);
    qa.usePaths(paths);
    const page = fakePage([screen(['a'])], accept);
    qa.attach(page.probe);
    const actor = creditOffer(qa, Promise.reject(new Error('HTTP 500')));
    actor.start();
    actor.send({ type: 'CREDIT.ACCEPT' });
    await expectState(actor, 'acceptFailed');
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(page.taken).toHaveLength(2);
    expect(page.taken[1]).toBeGreaterThan(page.taken[0]!);
  });

  it('records nothing when QA capture is off', () => {
    const qa = new QaStore(false);
    expect(qa.inspectFor('credit-offer', creditOfferMachine)).toBeUndefined();
    expect(qa.paths).toEqual([]);
  });

  it('knows the rule files the page decided with, by file name, served or bundled', () => {
    const qa = new QaStore(true);
    qa.usePaths(paths);
    qa.decidedWith({
      rulesets: { 'home-view': { rules: [] }, toggles: { rules: [1] } },
      sources: { 'home-view': 'served', toggles: 'bundled' },
    });
    expect(qa.rulesUsed).toEqual({
      'home-view.json': { source: 'served', rules: { rules: [] } },
      'toggles.json': { source: 'bundled', rules: { rules: [1] } },
    });
  });
});

describe('a step’s screen change', () => {
  it('lists the lines that appeared and those that left, except toasts leaving on their timer', () => {
    expect(
      screenChange(
        screen(['Pay now', 'Payment failed', 'Avoid a service interruption'], ['Payment failed']),
        screen(['Paid', 'Avoid a service interruption']),
      ),
    ).toEqual({ shown: ['Paid'], gone: ['Pay now'] });
  });
});
