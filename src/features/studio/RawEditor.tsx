/**
 * The raw JSON editor of a rule or case file: CodeMirror 6 (loaded on click, its own chunk), JSON syntax,
 * completion of fact names (with their meaning), operators and constants from the vocabulary, and lint
 * marks from the draft's check (rules:check's validator and analysis, the case checks), placed at the JSON
 * path each issue names.
 */
import { useEffect, useRef, useState } from 'react';
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { ALL_OPERATORS } from '../../engine/schema-builder';
import type { RulesetIssue } from '../../engine/validate';
import { ALL_FACTS } from '../../facts/vocabulary';

/** 'rules[2].conditions.all[0].fact' -> ['rules', 2, 'conditions', 'all', 0, 'fact']. */
function jsonPath(path: string): JSONPath {
  return path
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((p) => (/^\[(\d+)\]$/.test(p) ? Number(p.slice(1, -1)) : p));
}

function diagnostics(text: string, file: string, issues: readonly RulesetIssue[]): Diagnostic[] {
  const tree = parseTree(text);
  if (!tree) return [];
  return issues
    .filter((i) => i.file === file)
    .map((i) => {
      let path = jsonPath(i.path);
      let node = findNodeAtLocation(tree, path);
      while (!node && path.length > 0) {
        path = path.slice(0, -1);
        node = findNodeAtLocation(tree, path);
      }
      const target = node ?? tree;
      return {
        from: target.offset,
        to: target.offset + target.length,
        severity: i.severity === 'warning' ? 'warning' : 'error',
        message: i.message,
      } satisfies Diagnostic;
    });
}

/**
 * The style nonce of the studio's page (sandbox/studio-page.ts: the response's CSP allows styles with it).
 * CodeMirror writes its styles into a <style> element, which `style-src 'self'` refuses without it. Read
 * from the element's `nonce` property: the browser hides the attribute itself from the page.
 */
export function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

function vocabularyCompletions(context: CompletionContext): CompletionResult | null {
  const word = context.matchBefore(/"[\w.]*/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const line = context.state.doc.lineAt(context.pos).text;
  const options = /"operator"\s*:/.test(line)
    ? ALL_OPERATORS.map((o) => ({ label: `"${o}"`, type: 'keyword' }))
    : ALL_FACTS.map((f) => ({ label: `"${f.name}"`, type: 'property', detail: f.type, info: f.description }));
  return { from: word.from, options, validFor: /^"[\w.]*$/ };
}

export default function RawEditor({
  path,
  text,
  issues,
  onChange,
}: {
  path: string;
  text: string;
  issues: readonly RulesetIssue[];
  onChange: (text: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const issuesRef = useRef(issues);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    issuesRef.current = issues;
    onChangeRef.current = onChange;
  });
  const file = `rules/${path}`;
  const [nonce] = useState(styleNonce);

  useEffect(() => {
    if (!host.current) return undefined;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          EditorView.cspNonce.of(nonce),
          lineNumbers(),
          // Long descriptions wrap instead of running off the edge of the box.
          EditorView.lineWrapping,
          foldGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          json(),
          linter(jsonParseLinter()),
          // The draft's check runs as typed (debounced by the page); its marks follow the latest result.
          linter((ev) => diagnostics(ev.state.doc.toString(), file, issuesRef.current), { delay: 600 }),
          lintGutter(),
          autocompletion({ override: [vocabularyCompletions] }),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': `JSON of ${path}` }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    return () => v.destroy();
    // The editor owns its text once created; the page hears every change through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  return (
    <div>
      {nonce ? null : (
        <p role="alert">
          This page was opened without the studio’s style permission, so the editor cannot be laid out:{' '}
          <a href="/studio">reload the studio</a>.
        </p>
      )}
      <div ref={host} className="studio-editor" />
      <ul className="studio-issues" aria-label={`Problems in ${path}`}>
        {issues
          .filter((i) => i.file === file)
          .map((i, n) => (
            <li
              key={n}
              className={i.severity === 'warning' ? 'studio-issues__warning' : 'studio-issues__error'}
            >
              {i.path || '(top)'}: {i.message}
            </li>
          ))}
      </ul>
    </div>
  );
}
