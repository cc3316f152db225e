import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Read } from './input-check';
import { valueToInput } from './rule-form';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** The field's label (a label element tied to the input). */
  label: ReactNode;
  /** the value the rule (or case, or account) holds */
  value: unknown;
  /** the text as a value (a number, a list, a constant's name), or what is wrong with it */
  read: (text: string) => Read;
  onValue: (value: unknown) => void;
  /** the text shown for the value (default: valueToInput) */
  show?: (value: unknown) => string;
  className?: string;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A text input for a value read as it is typed (src/features/studio/input-check.ts). Text that reads is
 * handed on at once; text that does not ("fifty" for a number) is refused at once: it stays on screen,
 * marked invalid, with a message saying what to type, and the value stays what it was. It shows the text
 * as typed while the value is still the one it was typed for (so a list's trailing comma or a number's
 * '4.' stay on the way to the next character); once the value changed elsewhere (undo, another fact, the
 * JSON editor), it shows the value's text. A form refuses to apply while one of its inputs is invalid
 * (`aria-invalid`, found by invalidFields).
 */
export function DraftInput({
  label,
  value,
  read,
  onValue,
  show = valueToInput,
  className,
  id: given,
  ...input
}: Props) {
  const own = useId();
  const id = given ?? own;
  const [typed, setTyped] = useState<{ text: string; forValue: unknown } | null>(null);
  const current = typed !== null && same(typed.forValue, value) ? typed.text : show(value);
  const result = typed !== null && same(typed.forValue, value) ? read(typed.text) : null;
  const problem = result && 'problem' in result ? result.problem : null;
  return (
    <span className={className ?? 'studio-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={current}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => {
          const r = read(e.target.value);
          if ('value' in r) {
            setTyped({ text: e.target.value, forValue: r.value });
            onValue(r.value);
          } else setTyped({ text: e.target.value, forValue: value });
        }}
      />
      {problem ? (
        <span id={`${id}-problem`} className="studio-field__problem">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/** The inputs of a form (a dialog) refused as typed, each with its label and what is wrong. */
export function invalidFields(root: HTMLElement | null): { input: HTMLElement; text: string }[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].map((input) => {
    const label = input.id ? root.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
    const problem = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    return { input, text: `${label?.textContent ?? ''}: ${problem?.textContent ?? ''}` };
  });
}
