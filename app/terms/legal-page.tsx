import type { ReactNode } from 'react';
import Link from 'next/link';

/**
 * The frame of the readable legal pages (/terms, /privacy): a title, an
 * intro, titled sections, a link to the other page and a way back to the
 * videos. Server-rendered text, no client code.
 */
export function LegalPage({ testId, title, intro, children, other, back }: {
  testId: string;
  title: string;
  intro: string;
  children: ReactNode;
  /** The sentence that links to the other legal page. */
  other: ReactNode;
  /** Label of the link back to the feed. */
  back: string;
}) {
  return (
    <article data-testid={testId} className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-8 pb-[calc(var(--tabbar-h)+2rem)] text-base leading-relaxed lg:pb-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-neutral-700 dark:text-neutral-300">{intro}</p>
      </header>
      {children}
      <p className="text-neutral-700 dark:text-neutral-300">{other}</p>
      <Link prefetch={false} href="/reels" className="inline-flex min-h-11 items-center self-start font-semibold text-amber-700 underline underline-offset-2 dark:text-amber-400">
        {back}
      </Link>
    </article>
  );
}

/** One titled part of a legal page: a paragraph, or a list when given several. */
export function LegalSection({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 1 ? (
        <p>{items[0]}</p>
      ) : (
        <ul className="flex list-disc flex-col gap-2 pl-5">
          {items.map((item, i) => <li key={i}>{item}</li>)}
        </ul>
      )}
    </section>
  );
}

/** Class of an inline link inside legal text. */
export const legalLinkClass = 'font-medium text-amber-700 underline underline-offset-2 dark:text-amber-400';
