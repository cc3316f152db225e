import { createContext, useContext, useState, type ReactNode } from 'react';
import { ChatProvider } from '../ui/chat';
import type { RootStore } from './root-store';

const StoreContext = createContext<RootStore | null>(null);

/** The root store for everything below, and its one global chat function for every 'Chat with us'. */
export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  const [openChat] = useState(() => (topic?: string) => void store.chat.open(topic));
  return (
    <StoreContext.Provider value={store}>
      <ChatProvider value={openChat}>{children}</ChatProvider>
    </StoreContext.Provider>
  );
}

export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStores outside <StoreProvider>');
  return store;
}
