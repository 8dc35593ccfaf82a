import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CONTEXT_MAX, NAME_MAX } from '@/features/leads/schemas';
import { SubsidyForm } from '@/features/leads/components/subsidy-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('leads');
  return { title: t('subsidy.title'), robots: { index: false } };
}

type Search = Record<string, string | string[] | undefined>;

/** One query value, trimmed to `max` characters (a link can carry anything). */
function param(q: Search, key: string, max: number): string | undefined {
  const v = q[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s.slice(0, max) : undefined;
}

/**
 * The subsidy enquiry form as a page (SPEC.md section 2 and 5); the
 * assistant can link to /subsidy?name=..&phone=..&context=..
 */
export default async function SubsidyPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const t = await getTranslations('leads');
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-6 pb-10 pt-[max(2rem,env(safe-area-inset-top))]">
      <h1 className="text-3xl font-bold">{t('subsidy.title')}</h1>
      <SubsidyForm
        defaultValues={{
          name: param(q, 'name', NAME_MAX), phone: param(q, 'phone', 20), email: param(q, 'email', 254),
          pin_code: param(q, 'pin_code', 7), context: param(q, 'context', CONTEXT_MAX),
        }}
      />
    </div>
  );
}
