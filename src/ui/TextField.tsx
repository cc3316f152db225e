import {
  useId,
  useImperativeHandle,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useTypedBeforeHydration } from './typed-before-hydration';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  /** The field's error, shown under it and announced with it; null or undefined when valid. */
  error?: string | null | undefined;
  /** Help text under the field, read with it. */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
}

/**
 * A labelled input with its hint and error wired for assistive technology: the error marks the field
 * invalid and both hint and error are read with it (aria-describedby). Text typed before the page was hydrated
 * reaches its onChange (useTypedBeforeHydration).
 */
export function TextField({ label, error, hint, inputRef, id, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const own = useRef<HTMLInputElement>(null);
  useImperativeHandle(inputRef, () => own.current as HTMLInputElement, []);
  useTypedBeforeHydration(own, input.value);
  return (
    <div className="form-field">
      <label htmlFor={fieldId}>{label}</label>
      <input
        {...input}
        id={fieldId}
        ref={own}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? <p id={hintId}>{hint}</p> : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
