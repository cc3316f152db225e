import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ShownMessage } from '../../../machines/messages';
import { PASSWORD_MIN_LENGTH } from '../../../machines/recovery-input';
import { config } from '../../config';
import { ChatLink } from '../../ui/chat';
import { Form } from '../../ui/Form';
import { useTypedBeforeHydration } from '../../ui/typed-before-hydration';

/** Back to the provider's sign-in (a full-page address, outside the app's router). */
export function SignInLink({ children = 'Back to sign in' }: { children?: ReactNode }) {
  return <a href={config.signIn.signInUrl}>{children}</a>;
}

/** A recovery page: its one heading, its content, and the ways back (sign in, sign-in help, chat). */
export function RecoveryPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <section className="panel recovery" aria-labelledby="login-page-title">
        <h1 id="login-page-title">{title}</h1>
        {children}
        <ul className="link-list">
          <li>
            <SignInLink />
          </li>
          <li>
            <Link to="/login">Other sign-in help</Link>
          </li>
          <li>
            <ChatLink />
          </li>
        </ul>
      </section>
    </div>
  );
}

/** The machine's inline messages (state meta), read out as they appear. */
export function FlowMessages({ messages, id }: { messages: readonly ShownMessage[]; id: string }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert">
      {messages.map((m) => (
        <p key={m.id} className={m.tone === 'error' ? 'field-error' : undefined}>
          {m.text}
        </p>
      ))}
    </div>
  );
}

/** A labelled field of a recovery form; `invalid` marks it and ties it to the form's messages. */
export function Field({
  label,
  value,
  onChange,
  invalid,
  messagesId,
  hint,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  messagesId: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, value);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? messagesId : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={field}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        maxLength={input.maxLength ?? 254}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? <p id={hintId}>{hint}</p> : null}
    </div>
  );
}

/** What the password fields say about the policy (machines/recovery-input.ts). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one number.`;

/**
 * A recovery form: the fields, the machine's messages, and one submit button that says so while the call runs.
 * Submitting never clears what was typed: a failed call leaves the form as it was.
 */
export function RecoveryForm({
  children,
  messages,
  messagesId,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  children: ReactNode;
  messages: readonly ShownMessage[];
  messagesId: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Form onSubmit={submit} noValidate>
      {children}
      <FlowMessages messages={messages} id={messagesId} />
      {busy ? (
        <p role="status" className="visually-hidden">
          {busyLabel}
        </p>
      ) : null}
      <button type="submit" className="btn" aria-disabled={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </button>
    </Form>
  );
}

/** Router state a page reads, or null when it is not what that page expects (opened directly, tampered). */
export function useRouterState<T>(state: unknown, read: (s: Record<string, unknown>) => T | null): T | null {
  const [value] = useState(() =>
    state !== null && typeof state === 'object' ? read(state as Record<string, unknown>) : null,
  );
  return value;
}

export const text = (v: unknown): string => (typeof v === 'string' ? v : '');
