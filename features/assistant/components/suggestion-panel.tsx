'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { CATEGORIES, type Category, type ChatLanguage } from '../schemas';
import { suggestionSearchQueryOptions, type ShortSuggestion, type Suggestion } from '../api/chat';
import { CARD_COLORS, questionsOfCategory } from '../lib/chat-ui';

/** Message keys of the nine categories (messages/*.json "assistant.categories"). */
export const CATEGORY_KEYS: Record<Category, string> = {
  'Benefits': 'benefits',
  'Buying Solar': 'buyingSolar',
  'Electric Connection': 'electricConnection',
  'Solar Inverter': 'solarInverter',
  'Solar Panel': 'solarPanel',
  'Subsidy': 'subsidy',
  'System Cost': 'systemCost',
  'System Size': 'systemSize',
  'Things to know': 'thingsToKnow',
};

/**
 * The long-form suggested questions as coloured cards (SPEC.md section 3:
 * Green, Blue, Yellow, Orange) and the category picker with the nine
 * categories; picking one lists its short-form questions (every chip names
 * its category). When there are none (the list did not load), it lists the
 * suggestion search's hits for the category's name in the chat language
 * that are tagged with the category, else one chip that asks about the
 * category.
 */
export function SuggestionPanel({
  language, long, short, loading, failed, onAsk, onRetry,
}: {
  language: ChatLanguage;
  long: Suggestion[];
  short: ShortSuggestion[];
  loading: boolean;
  failed: boolean;
  onAsk: (q: string) => void;
  onRetry: () => void;
}) {
  const t = useTranslations('assistant');
  const [picked, setPicked] = useState<Category | null>(null);
  const tagged = picked ? questionsOfCategory(short, picked) : [];
  const pickedName = picked ? t(`categories.${CATEGORY_KEYS[picked]}`) : '';
  const search = useQuery({ ...suggestionSearchQueryOptions(pickedName), enabled: picked !== null && tagged.length === 0 });
  const hits = (search.data?.suggestions ?? []).filter((s) => s.language === language);
  const found = picked ? questionsOfCategory(hits, picked) : [];
  const questions = tagged.length > 0 ? tagged : found;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="chat-suggested-title">
        <h2 id="chat-suggested-title" className="mb-2 text-sm font-semibold text-neutral-600 dark:text-neutral-300">{t('suggestedTitle')}</h2>
        {loading ? <p role="status" className="text-sm text-neutral-500">{t('loadingSuggestions')}</p> : null}
        {failed ? (
          <p className="flex items-center gap-3 text-sm text-neutral-600 dark:text-neutral-300">
            {t('suggestionsFailed')}
            <button type="button" onClick={onRetry} className="rounded-full border border-neutral-300 px-3 py-1 font-semibold dark:border-neutral-700">
              {t('retry')}
            </button>
          </p>
        ) : null}
        <ul className="grid grid-cols-1 gap-2.5 sm:grid-cols-2">
          {long.map((s) => (
            <li key={s.q}>
              <button
                type="button"
                data-testid="chat-suggestion"
                data-color={s.color}
                onClick={() => onAsk(s.q)}
                className={`flex h-full w-full items-start gap-3 rounded-2xl border px-4 py-3 text-left transition-transform active:scale-[0.98] ${CARD_COLORS[s.color] ?? CARD_COLORS.Blue}`}
              >
                <span aria-hidden="true" className="text-xl leading-none">{s.icon}</span>
                <span className="font-medium leading-snug">{s.q}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="chat-categories-title">
        <h2 id="chat-categories-title" className="mb-2 text-sm font-semibold text-neutral-600 dark:text-neutral-300">{t('categoriesTitle')}</h2>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('categoriesTitle')}>
          {CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              data-testid="chat-category"
              data-category={c}
              aria-pressed={picked === c}
              onClick={() => setPicked(picked === c ? null : c)}
              className={`rounded-full border px-3 py-1.5 text-sm ${picked === c ? 'border-amber-500 bg-amber-500 font-semibold text-black' : 'border-neutral-300 dark:border-neutral-700'}`}
            >
              {t(`categories.${CATEGORY_KEYS[c]}`)}
            </button>
          ))}
        </div>
        {picked ? (
          <ul className="mt-3 flex flex-col gap-2" data-testid="chat-category-questions">
            {questions.map((s) => (
              <li key={s.q}>
                <button
                  type="button"
                  data-testid="chat-short-question"
                  onClick={() => onAsk(s.q)}
                  className="flex w-full items-center gap-2 rounded-xl border border-neutral-200 px-3 py-2 text-left text-sm hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900"
                >
                  <span aria-hidden="true">{s.icon}</span>
                  <span>{s.q}</span>
                </button>
              </li>
            ))}
            {questions.length === 0 && !search.isFetching ? (
              <li>
                <button
                  type="button"
                  data-testid="chat-short-question"
                  onClick={() => onAsk(pickedName)}
                  className="w-full rounded-xl border border-neutral-200 px-3 py-2 text-left text-sm dark:border-neutral-800"
                >
                  {t('askAbout', { category: pickedName })}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
