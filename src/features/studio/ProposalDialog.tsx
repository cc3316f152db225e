/**
 * Restoring an earlier version, or reverting one change, shown before it is proposed: what it changes rule
 * by rule, its diff, and its impact on the generated accounts (measured in the impact worker); then the
 * reason, and it is recorded like any change (a second analyst approves it).
 */
import { useEffect, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { StudioError, type Change, type LiveRules, type Proposal, type StudioApi } from './api';
import { ChangeLines } from './ChangeView';
import { ImpactProblems, impactFigures, startImpact, type ImpactFigures } from './impact-client';
import { ImpactFiguresView } from './ImpactPanel';
import { useFocusBack } from './focus';
import { Diff } from './parts';
import { REASON_MIN_LENGTH, ReasonField } from './ReasonField';

export type ProposalKind = 'restore' | 'revert';

const TEXTS = {
  restore: {
    title: 'Restore this version',
    intro: (c: Change) =>
      `Every rule and case file goes back to the version “${c.reason}”. The restore is recorded like any change.`,
    reason: 'Reason for the restore',
    submit: 'Restore',
  },
  revert: {
    title: 'Revert this change',
    intro: (c: Change) =>
      `A new change that undoes “${c.reason}” and nothing else: later changes stay. It is recorded like any change.`,
    reason: 'Reason for the revert',
    submit: 'Propose the revert',
  },
} as const;

type Measure =
  | { state: 'measuring' }
  | { state: 'measured'; figures: ImpactFigures }
  | { state: 'failed'; problems: string[] };

export function ProposalDialog({
  kind,
  change,
  api,
  live,
  busy,
  problem: refused,
  onClose,
  onPropose,
  focusFallback,
}: {
  kind: ProposalKind;
  change: Change;
  api: StudioApi;
  live: LiveRules;
  /** The proposal is being recorded: what the button says meanwhile ("Proposing…"). */
  busy: string | null;
  /** The server's refusal of the proposal. */
  problem: string | null;
  onClose: () => void;
  /** Proposes it with the reason and its impact figures (the review machine records it). */
  onPropose: (reason: string, impact: ImpactFigures | undefined) => void;
  focusFallback: () => HTMLElement | null | undefined;
}) {
  const texts = TEXTS[kind];
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [loadProblem, setProblem] = useState<string | null>(null);
  const [measure, setMeasure] = useState<Measure>({ state: 'measuring' });
  const [reason, setReason] = useState('');
  const sending = busy !== null;
  const problem = refused ?? loadProblem;
  useFocusBack(focusFallback);

  useEffect(() => {
    let stale = false;
    let stop = (): void => {};
    (kind === 'restore' ? api.version(change.id) : api.revertPreview(change.id)).then(
      (p) => {
        if (stale) return;
        setProposal(p);
        const job = startImpact(live.files, { ...live.files, ...p.files }, () => {});
        stop = job.stop;
        job.result.then(
          (r) => {
            r.release();
            if (!stale) setMeasure({ state: 'measured', figures: impactFigures(r) });
          },
          (e: unknown) =>
            !stale &&
            setMeasure({ state: 'failed', problems: e instanceof ImpactProblems ? e.problems : [String(e)] }),
        );
      },
      (e: unknown) => !stale && setProblem(e instanceof StudioError ? e.message : String(e)),
    );
    return () => {
      stale = true;
      stop();
    };
  }, [api, change.id, kind, live.files]);

  const submit = (): void => {
    if (reason.trim().length < REASON_MIN_LENGTH || sending || !proposal || measure.state === 'measuring')
      return;
    onPropose(reason.trim(), measure.state === 'measured' ? measure.figures : undefined);
  };

  return (
    <Dialog open title={texts.title} onClose={onClose} width="52rem" busy={sending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>{texts.intro(change)}</p>
        {problem ? (
          <p role="alert" className="studio-message studio-message--error">
            {problem}
          </p>
        ) : null}
        {!proposal && !problem ? <p role="status">Working out what it changes…</p> : null}
        {proposal ? (
          <>
            {proposal.lines.length > 0 ? (
              <ChangeLines lines={proposal.lines} label={`What the ${kind} changes`} />
            ) : (
              <p>It changes nothing: the live rules are already this version.</p>
            )}
            <details>
              <summary>Its diff</summary>
              <Diff text={proposal.diff} label={`Diff of the ${kind}`} />
            </details>
            {measure.state === 'measuring' ? (
              <p role="status">Measuring its impact on the generated accounts…</p>
            ) : measure.state === 'measured' ? (
              <ImpactFiguresView figures={measure.figures} />
            ) : (
              <p role="status">Its impact could not be measured: {measure.problems.join(' ')}</p>
            )}
          </>
        ) : null}
        <ReasonField label={texts.reason} value={reason} onChange={setReason} />
        <div className="dialog__actions">
          <button
            type="submit"
            className="btn"
            aria-disabled={!proposal || measure.state === 'measuring' || sending}
          >
            {busy ?? texts.submit}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={sending || undefined}
            onClick={() => !sending && onClose()}
          >
            Cancel
          </button>
        </div>
        <p role="status" className="visually-hidden">
          {busy ?? ''}
        </p>
      </form>
    </Dialog>
  );
}
