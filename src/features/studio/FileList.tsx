/** The rule files, in decision order, each with what it decides; the edited ones marked. */
import type { DecisionId } from '../../engine/decisions';
import type { RuleFile } from '../../engine/types';
import { RULE_FILES, parseOr, type Files } from './model';

export function FileList({
  files,
  live,
  current,
  onPick,
}: {
  files: Files;
  live: Files;
  current: DecisionId;
  onPick: (id: DecisionId) => void;
}) {
  return (
    <nav aria-label="Rule files" className="studio-files">
      <ul>
        {RULE_FILES.map((f) => {
          const parsed = parseOr<RuleFile>(files[f.name]);
          return (
            <li key={f.id}>
              <button
                type="button"
                aria-current={f.id === current ? 'true' : undefined}
                onClick={() => onPick(f.id)}
              >
                {f.name}
                {files[f.name] !== live[f.name] ? ' (edited)' : ''}
              </button>
              <span className="studio-muted">{parsed?.description ?? ''}</span>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
