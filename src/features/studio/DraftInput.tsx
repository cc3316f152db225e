import { useState, type InputHTMLAttributes } from 'react';
import { valueToInput } from './rule-form';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** the value the rule holds */
  value: unknown;
  /** the text as the rule holds it (a number, a list, a constant's name) */
  read: (text: string) => unknown;
  onValue: (value: unknown) => void;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A text input for a value the rule form reads (src/features/studio/rule-form.ts). It shows the text as typed
 * while that text still reads as the value the rule holds, so a list's trailing comma or a number's '4.' and
 * '-' stay on screen on the way to the next character (read back from the value, each vanished as it was
 * typed); once the value changed elsewhere (undo, another fact, the JSON editor), it shows the value's text.
 */
export function DraftInput({ value, read, onValue, ...input }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && same(read(typed), value) ? typed : valueToInput(value);
  return (
    <input
      {...input}
      value={shown}
      onChange={(e) => {
        setTyped(e.target.value);
        onValue(read(e.target.value));
      }}
    />
  );
}
