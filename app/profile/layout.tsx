import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { PRIVATE_ROBOTS } from '../_lib/seo';

/** A private section (lib/http/private-pages.ts): never indexed; its pages keep their own titles. */
export const metadata: Metadata = { robots: PRIVATE_ROBOTS };

export default function PrivateLayout({ children }: { children: ReactNode }) {
  return children;
}
