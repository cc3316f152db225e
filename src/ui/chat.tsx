import { createContext, useContext, type ReactNode } from 'react';

/** The global chat function (src/stores/chat.ts): opens a conversation, optionally about a topic. */
export type OpenChat = (topic?: string) => void;

const ChatContext = createContext<OpenChat>(() => {});

/** The shell provides the one chat function to everything below it. */
export const ChatProvider = ChatContext.Provider;

export function useOpenChat(): OpenChat {
  return useContext(ChatContext);
}

/**
 * 'Chat with us' anywhere in the portal: a button (it opens the chat widget, it goes nowhere) that calls the one
 * global chat function. Looks like a link unless a class says otherwise.
 */
export function ChatLink({
  children = 'Chat with us',
  className = 'link-button',
  topic,
}: {
  children?: ReactNode;
  className?: string;
  topic?: string;
}) {
  const openChat = useOpenChat();
  return (
    <button type="button" className={className} onClick={() => openChat(topic)}>
      {children}
    </button>
  );
}
