/**
 * A change's review as a conversation (issue 31, item 5): every comment it was sent back with, in every
 * round, and each revision its author made, oldest first. The history keeps them as events: a comment is
 * a sent-back event about the change, and a revision withdraws the change it replaces with the reason
 * "Replaced by the revised change “…”" (the server's words, server/studio/studio-repo.ts), so the rounds
 * are followed back from the change under review through those events.
 */
import type { Change } from './api';

export interface ThreadEntry {
  kind: 'sent-back' | 'revised';
  /** Who wrote it. */
  by: string;
  date: string;
  /** The comment sent back, or the reason of the revised change. */
  text: string;
  /** The reason of the change as it was in that round. */
  round: string;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Every round of review of `change`, oldest first, from the history (newest first, as the server lists it). */
export function threadOf(change: Change, history: readonly Change[]): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  const seen = new Set<string>();
  let current: { id: string; reason: string; authorId: string | null } = change;
  for (let round = 0; round < 20; round++) {
    const comments = history.filter((h) => h.kind === 'sent-back' && h.about?.id === current.id);
    for (const h of comments) {
      const key = `${h.author.date} ${h.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        kind: 'sent-back',
        by: h.author.name,
        date: h.author.date,
        text: h.reason,
        round: current.reason,
      });
    }
    const replaced = history.find(
      (h) =>
        h.kind === 'withdrawn' &&
        h.about !== undefined &&
        h.reason === `Replaced by the revised change “${oneLine(current.reason)}”` &&
        (current.authorId === null || h.authorId === null || h.authorId === current.authorId),
    );
    if (!replaced?.about) break;
    entries.push({
      kind: 'revised',
      by: replaced.author.name,
      date: replaced.author.date,
      text: current.reason,
      round: replaced.about.reason,
    });
    current = { id: replaced.about.id, reason: replaced.about.reason, authorId: current.authorId };
  }
  // The change's own comment, when the history has not been read yet (the pending list carries it).
  if (
    change.sentBack &&
    !entries.some(
      (e) => e.kind === 'sent-back' && e.text === change.sentBack!.comment && e.round === change.reason,
    )
  ) {
    entries.push({
      kind: 'sent-back',
      by: change.sentBack.by,
      date: change.sentBack.date,
      text: change.sentBack.comment,
      round: change.reason,
    });
  }
  return entries.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}
