import { observer } from 'mobx-react-lite';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { PaperlessUpdate } from '../../api/calls/paperless-update';
import type { Result } from '../../api/client';
import { emailMatchesPattern } from '../../facts';
import type { RootStore } from '../../stores/root-store';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { formatMoney } from '../../ui/format';
import { constantOf } from '../../stores/decided';
import { PAPERLESS_TEXT as T } from './texts';
import { TextField } from '../../ui/TextField';

/**
 * The paper-charge alert (rules decide when: 9-character Blue Marble account of owner 1, RES or SMB, paper
 * billing, not on January 1, fee applies): the paper bill fee and a required, valid email field to switch
 * to paperless billing. The update call is the one for the account kind (CRIS for 13 characters, Ensemble
 * otherwise); success reloads the profile, so paperless is on and the rules drop the alert.
 */
export const PaperChargeAlert = observer(function PaperChargeAlert() {
  const store = useStores();
  const p = store.profile.data;
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(p?.billingEmailAddress || p?.emailAddress || '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fee = formatMoney(constantOf(store, 'paperBillFee'));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const value = email.trim();
    const problem = !value ? T.emailRequired : emailMatchesPattern(value) ? null : T.emailInvalid;
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSaving(true);
    void turnOnPaperless(store, value).then((saved) => {
      setSaving(false);
      store.ui.showToast(
        saved
          ? { text: T.paperlessOn, tone: 'success', durationMs: 3000 }
          : { text: T.paperlessFailed, tone: 'error', durationMs: 3000 },
      );
      if (saved) void store.reloadProfile();
    });
  };

  return (
    <Alert tone="info" heading={T.paperChargeHeading}>
      <p>{T.paperChargeBody(fee)}</p>
      <form className="home-inline-form" onSubmit={onSubmit} noValidate>
        <TextField
          id={fieldId}
          label="Email address"
          error={error}
          inputRef={input}
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn" aria-disabled={saving || undefined}>
          {T.paperChargeSubmit}
        </button>
        {saving ? <p role="status">Saving…</p> : null}
      </form>
    </Alert>
  );
});

/** Turns paperless billing on with `email`; a failed call or a refusal is logged. */
async function turnOnPaperless(store: RootStore, email: string): Promise<boolean> {
  const accountNumber = store.profile.data?.currentlyManagedAccount ?? '';
  // The update call and its validator load on the click, never with /home.
  const calls = await import('../../api/calls/paperless-update').catch((error: unknown) => {
    store.logIssue('home', 'updatePaperless', `the paperless call could not load: ${String(error)}`);
    return null;
  });
  if (!calls) return false;
  const { paperlessUpdateSucceeded, updatePaperlessCris, updatePaperlessEns } = calls;
  const result: Result<PaperlessUpdate> =
    accountNumber.length === 13
      ? await updatePaperlessCris(store.orch, {
          accountNumber,
          paperlessBillingInd: true,
          updatedEmailAddress: email,
        })
      : await updatePaperlessEns(store.orch, { ban: accountNumber, paperlessBilling: 'Y', email });
  if (!result.ok) {
    store.logIssue('home', 'updatePaperless', result.message);
    return false;
  }
  if (!paperlessUpdateSucceeded(result.data)) {
    store.logIssue('home', 'updatePaperless', `paperless refused: ${result.data.data.message ?? ''}`);
    return false;
  }
  return true;
}
