import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { RootStore } from '../stores/RootStore';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ value, children }: { value: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={value}>{children}</StoresContext.Provider>;
}

/** The root store of this page (never a module singleton, so tests can build their own). */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores() outside <StoresProvider>');
  return root;
}
