/** The studio draft's steps: undo and redo per step, typing in one field is one step, discard is undoable. */
import { describe, expect, it } from 'vitest';
import { applyEdit, redo, startHistory, undo } from '../../src/features/studio/draft-history';
import { listMarks } from '../../src/features/studio/model';
import { quotedNumberWarnings, quotes } from '../../src/features/studio/quotes';
import { readFileSync } from 'node:fs';

const set = (path: string, text: string) => (f: Record<string, string>) => ({ ...f, [path]: text });

describe('draft steps', () => {
  it('undoes and redoes one step at a time, with the step’s label', () => {
    let h = startHistory({ a: '1' });
    h = applyEdit(h, 'First', set('a', '2'));
    h = applyEdit(h, 'Second', set('a', '3'));
    expect(h.present).toEqual({ a: '3' });
    h = undo(h);
    expect(h.present).toEqual({ a: '2' });
    expect(h.future.at(-1)?.label).toBe('Second');
    h = undo(h);
    expect(h.present).toEqual({ a: '1' });
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toEqual({ a: '2' });
    expect(h.past.at(-1)?.label).toBe('First');
  });

  it('makes typing in one field one step, and a new edit drops what was undone', () => {
    let h = startHistory({ a: '' });
    for (const text of ['4', '45']) h = applyEdit(h, 'Value', set('a', text), 'value');
    expect(h.past).toHaveLength(1);
    h = undo(h);
    expect(h.present).toEqual({ a: '' });
    h = applyEdit(h, 'Other', set('a', 'x'));
    expect(h.future).toEqual([]);
  });

  it('ignores an edit that changes nothing, and keeps a discard undoable', () => {
    let h = startHistory({ a: '1' });
    expect(applyEdit(h, 'Same', set('a', '1'))).toBe(h);
    h = applyEdit(h, 'Edit', set('a', '2'));
    h = applyEdit(h, 'Discard the draft', () => ({ a: '1' }));
    expect(h.present).toEqual({ a: '1' });
    expect(undo(h).present).toEqual({ a: '2' });
  });
});

describe('preview marks of a list', () => {
  it('marks added, removed and moved items; items that only shift stay kept', () => {
    expect(listMarks(['a', 'b', 'c', 'd'], ['b', 'c', 'e', 'd'])).toEqual([
      { item: 'b', mark: 'kept' },
      { item: 'c', mark: 'kept' },
      { item: 'e', mark: 'added' },
      { item: 'd', mark: 'kept' },
      { item: 'a', mark: 'removed' },
    ]);
    expect(listMarks(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { item: 'c', mark: 'moved' },
      { item: 'a', mark: 'kept' },
      { item: 'b', mark: 'kept' },
    ]);
  });
});

describe('numbers quoted in words', () => {
  it('finds a number on its own, not inside another', () => {
    expect(quotes('within 60 days', 60)).toBe(true);
    expect(quotes('a 60-day window', 60)).toBe(true);
    expect(quotes('160 days', 60)).toBe(false);
    expect(quotes('6.0 days', 6)).toBe(false);
  });

  it('flags the case names and descriptions that still say 60 when the card warning becomes 45 days', () => {
    const live = {
      'prepaid-card.json': readFileSync('rules/prepaid-card.json', 'utf8'),
      'cases/prepaid-card.cases.json': readFileSync('rules/cases/prepaid-card.cases.json', 'utf8'),
    };
    const draft = {
      'prepaid-card.json': live['prepaid-card.json'].replace(/("lessThanInclusive",\s*"value": )60/, '$145'),
      'cases/prepaid-card.cases.json': live['cases/prepaid-card.cases.json']
        .replace('"daysToCardExpiry": 60', '"daysToCardExpiry": 45')
        .replace(
          'card expiring in 60 days -> status 2 (1 when expired, 2 when it expires within 60 days)',
          'card expiring in 45 days -> status 2 (1 when expired, 2 when it expires within 45 days)',
        ),
    };
    const warnings = quotedNumberWarnings(live, draft);
    expect(warnings.every((w) => w.severity === 'warning')).toBe(true);
    expect(warnings.map((w) => `${w.file} ${w.path}`)).toEqual([
      'rules/prepaid-card.json rules[2].description',
      'rules/prepaid-card.json description',
      'rules/cases/prepaid-card.cases.json cases[0].name',
      'rules/cases/prepaid-card.cases.json cases[1].name',
      'rules/cases/prepaid-card.cases.json cases[3].name',
    ]);
    expect(warnings[2]!.message).toBe(
      'the name of case 1 still says 60, the value before this draft (now 45): say 45, or reword it',
    );
  });
});
