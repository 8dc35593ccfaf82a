import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CONTEXT_MAX, NAME_MAX } from '@/features/leads/schemas';
import { CallbackForm } from '@/features/leads/components/callback-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('leads');
  return { title: t('callback.title'), robots: { index: false } };
}

type Search = Record<string, string | string[] | undefined>;

/** One query value, trimmed to `max` characters (a link can carry anything). */
function param(q: Search, key: string, max: number): string | undefined {
  const v = q[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s.slice(0, max) : undefined;
}

/**
 * The schedule-callback form as a page (SPEC.md section 2), so the
 * assistant's "Call me" can link to /callback?name=..&phone=..&context=..
 * with what the chat knows filled in.
 */
export default async function CallbackPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const t = await getTranslations('leads');
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-6 pb-10 pt-[max(2rem,env(safe-area-inset-top))]">
      <h1 className="text-3xl font-bold">{t('callback.title')}</h1>
      <CallbackForm
        defaultValues={{ name: param(q, 'name', NAME_MAX), phone: param(q, 'phone', 20), context: param(q, 'context', CONTEXT_MAX) }}
      />
    </div>
  );
}
