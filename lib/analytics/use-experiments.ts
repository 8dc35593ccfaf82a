'use client';

import { useSyncExternalStore } from 'react';
import { experiments, type ExperimentFlags } from './attribution';

/**
 * The experiment flags of this device for rendering (SPEC.md section 9,
 * docs/decisions/012): all off during server rendering and hydration (the
 * server cannot read the device's localStorage, so the HTML is the same for
 * everyone), this device's flags right after. Changes within the page do not
 * happen: the flags are set by the landing URL.
 */
const OFF: ExperimentFlags = { topNVideos: null, chatbot: false, chatbotFeed: false };

let cached: { key: string; flags: ExperimentFlags } | null = null;

function snapshot(): ExperimentFlags {
  const flags = experiments();
  const key = JSON.stringify(flags);
  if (!cached || cached.key !== key) cached = { key, flags };
  return cached.flags;
}

const subscribe = () => () => undefined;

/** The device's experiment flags; `OFF` on the server and on the hydrating render. */
export function useExperiments(): ExperimentFlags {
  return useSyncExternalStore(subscribe, snapshot, () => OFF);
}
