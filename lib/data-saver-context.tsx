'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { dataSaverCookie, dataSaverOn, type DataSaverChoice } from '@/lib/data-saver';

/** The data saver as the interface sees it (lib/data-saver.ts). */
export interface DataSaver {
  /** The data saver is on. */
  on: boolean;
  /** The person's own choice, or null while they never chose. */
  choice: DataSaverChoice | null;
  /** The browser asks to save data (Save-Data header or navigator.connection.saveData). */
  browserAsks: boolean;
  /** Keeps the person's choice on the device (a cookie the server reads too) and applies it now. */
  setChoice: (on: boolean) => void;
}

const OFF: DataSaver = { on: false, choice: null, browserAsks: false, setChoice: () => undefined };
const Ctx = createContext<DataSaver>(OFF);

/** `navigator.connection` where the browser has it (Chromium): its saveData flag and change event. */
interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
}
const connection = (): NetworkInformationLike | undefined =>
  (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

/**
 * Holds the data saver for the whole page, starting from what the server
 * read from the request (`initial`: the cookie's choice and the Save-Data
 * header), so the server's HTML and the first client render agree; after
 * hydration `navigator.connection.saveData` is read (and followed) as the
 * browser's hint too.
 */
export function DataSaverProvider({ initial, children }: {
  initial: { choice: DataSaverChoice | null; browserAsks: boolean };
  children: ReactNode;
}) {
  const [choice, setChoiceState] = useState(initial.choice);
  // The request's Save-Data header, as the server read it: fixed for the page.
  const headerAsks = initial.browserAsks;
  const [connectionAsks, setConnectionAsks] = useState(false);

  useEffect(() => {
    const c = connection();
    if (!c) return;
    const read = () => setConnectionAsks(c.saveData === true);
    read();
    c.addEventListener('change', read);
    return () => c.removeEventListener('change', read);
  }, []);

  const setChoice = useCallback((on: boolean) => {
    const next: DataSaverChoice = on ? 'on' : 'off';
    document.cookie = dataSaverCookie(next);
    setChoiceState(next);
  }, []);

  const value = useMemo<DataSaver>(() => {
    const browserAsks = headerAsks || connectionAsks;
    return { on: dataSaverOn(choice, browserAsks), choice, browserAsks, setChoice };
  }, [choice, headerAsks, connectionAsks, setChoice]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The page's data saver; off outside a DataSaverProvider. */
export function useDataSaver(): DataSaver {
  return useContext(Ctx);
}
