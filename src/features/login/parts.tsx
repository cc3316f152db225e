import type { ReactNode } from 'react';
import type { ShownMessage } from '../../../machines/messages';
import { config } from '../../config';
import { ChatLink } from '../../ui/chat';

/** Back to the provider's sign-in (a full-page address, outside the app's router). */
export function SignInLink({ children = 'Back to sign in' }: { children?: ReactNode }) {
  return <a href={config.signIn.signInUrl}>{children}</a>;
}

/** A recovery page: its one heading, its content, and the way back to sign in. */
export function RecoveryPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <section className="panel" aria-labelledby="login-page-title">
        <h1 id="login-page-title">{title}</h1>
        {children}
        <ul className="link-list">
          <li>
            <SignInLink />
          </li>
          <li>
            <ChatLink>Chat with us</ChatLink>
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
