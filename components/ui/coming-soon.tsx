import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * A screen that is not built yet: says so plainly (no invented data) and
 * offers what already works.
 */
export function ComingSoon({
  title, badge, body, meanwhile, links, icon,
}: {
  title: string;
  badge: string;
  body: string;
  meanwhile: string;
  links: { href: string; label: string }[];
  icon?: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-lg flex-col justify-center gap-6 px-6 py-10">
      <div className="flex items-center gap-3 text-amber-600 dark:text-amber-400">
        {icon}
        <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
          {badge}
        </span>
      </div>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{body}</p>
      <div>
        <p className="mb-3 text-sm font-medium text-neutral-500 dark:text-neutral-400">{meanwhile}</p>
        <div className="flex flex-wrap gap-3">
          {links.map((l, i) => (
            <Link
              key={l.href}
              href={l.href}
              className={i === 0
                ? 'rounded-full bg-amber-500 px-5 py-2.5 font-semibold text-black hover:bg-amber-400'
                : 'rounded-full border border-neutral-300 px-5 py-2.5 font-semibold hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800'}
            >
              {l.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
