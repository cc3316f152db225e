import { makeObservable, observable, runInAction } from 'mobx';
import type { Env } from './env';
import type { ProfileStore } from './profile-store';
import {
  STORAGE_FLAGS,
  dismissedValue,
  isDismissedFor,
  type FlagScope,
  type StorageFlag,
} from './storage-flags';

export type StoredFlagValues = Record<StorageFlag, string | null>;

/**
 * The spec's two browser flags (altnumshow, emailvalidshow), scoped to the account that dismissed them
 * (src/stores/storage-flags.ts, decision 012): read once at start-up, written on dismissal, removed at Sign
 * Out.
 */
export class StoredFlags {
  values: StoredFlagValues;

  constructor(
    private readonly storage: Env['storage'],
    private readonly profile: Pick<ProfileStore, 'data'>,
  ) {
    this.values = StoredFlags.read(storage);
    makeObservable(this, { values: observable.ref });
  }

  static read(storage: Env['storage']): StoredFlagValues {
    return {
      altnumshow: storage.getItem(STORAGE_FLAGS.altnumshow),
      emailvalidshow: storage.getItem(STORAGE_FLAGS.emailvalidshow),
    };
  }

  /** The account (and email) a dismissal is bound to; none before the profile is known. */
  private get scope(): FlagScope | null {
    const p = this.profile.data;
    return p ? { accountNumber: p.currentlyManagedAccount, emailAddress: p.emailAddress } : null;
  }

  /** The no-contact-number alert was dismissed by this account in this browser (altnumshow). */
  get altnumshowDismissed(): boolean {
    return isDismissedFor('altnumshow', this.values.altnumshow, this.scope);
  }

  /** 'Do we have your correct email address?' was dismissed for this account and email (emailvalidshow). */
  get emailvalidshowDismissed(): boolean {
    return isDismissedFor('emailvalidshow', this.values.emailvalidshow, this.scope);
  }

  dismiss(flag: StorageFlag): void {
    const scope = this.scope;
    if (!scope) return;
    const value = dismissedValue(flag, scope);
    this.storage.setItem(STORAGE_FLAGS[flag], value);
    runInAction(() => (this.values = { ...this.values, [flag]: value }));
  }

  /** Sign Out: the next person in this browser must see their own alerts. */
  removeAll(): void {
    for (const flag of Object.values(STORAGE_FLAGS)) this.storage.removeItem(flag);
    runInAction(() => (this.values = { altnumshow: null, emailvalidshow: null }));
  }

  /**
   * Takes the values the page was rendered with (the server reads them from the flags' cookie copies), so the
   * browser's first render is the server's; `sync` then reads this browser's storage again.
   */
  restore(values: StoredFlagValues): void {
    runInAction(() => (this.values = values));
  }

  /** Reads storage again: a dismissal the server's copy did not know of hides its alert now. */
  sync(): void {
    const stored = StoredFlags.read(this.storage);
    if (stored.altnumshow !== this.values.altnumshow || stored.emailvalidshow !== this.values.emailvalidshow)
      runInAction(() => (this.values = stored));
  }
}
