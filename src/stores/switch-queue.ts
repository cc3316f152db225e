import { makeObservable, observable, runInAction } from 'mobx';
import type { AccountSwitchEvent } from '../../machines/account-switch.machine';
import { MESSAGES } from '../../machines/messages';
import { describeError } from '../api/issue-log';
import type { AccountSwitchActor, AccountSwitchEffects } from './account-switch';
import type { EarlyStep, QaStore } from './qa-store';

/**
 * The account switch (machines/account-switch.machine.ts) as the selector sees it: its events, and whether a
 * switch is under way. Its machine and xstate load on the first switch, so they are no part of the first
 * page's load; events sent while it loads are handed over in order.
 */
export class SwitchQueue {
  /** An account switch is under way (the machine is not at rest). */
  switching = false;
  private actor: AccountSwitchActor | null = null;
  private loading = false;
  private readonly queue: AccountSwitchEvent[] = [];
  private readonly early: EarlyStep[] = [];
  private readonly qaSince: number | undefined;

  constructor(
    private readonly effects: AccountSwitchEffects,
    private readonly qa: QaStore,
    /** The switch's code could not be fetched: reported as a failed switch is (toast, issue log). */
    private readonly failedToLoad: (message: string) => void,
  ) {
    this.qaSince = qa.now();
    makeObservable(this, { switching: observable });
  }

  send(event: AccountSwitchEvent): void {
    if (this.actor) {
      this.actor.send(event);
      return;
    }
    const early = this.qa.earlyStep(this.qaSince);
    if (early) this.early.push(early);
    this.queue.push(event);
    runInAction(() => (this.switching = true));
    if (this.loading) return;
    this.loading = true;
    import('./account-switch')
      .then(({ startAccountSwitch }) => {
        const actor = startAccountSwitch(this.effects, { loginName: null }, this.qa, this.early.splice(0));
        actor.subscribe((snapshot) => runInAction(() => (this.switching = !snapshot.matches('idle'))));
        this.actor = actor;
        for (const queued of this.queue.splice(0)) actor.send(queued);
        runInAction(() => (this.switching = !actor.getSnapshot().matches('idle')));
      })
      .catch((error: unknown) => {
        this.loading = false;
        this.queue.length = 0;
        this.early.length = 0;
        runInAction(() => (this.switching = false));
        this.effects.showToast(MESSAGES.accountSwitchFailed);
        this.failedToLoad(`account switch could not load: ${describeError(error)}`);
      });
  }
}
