'use client';

import { memo, useState, type MouseEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CATEGORIES, type Category, type ChatLanguage } from '../schemas';
import { useSuggestionSearch, type ShortSuggestion, type Suggestion } from '../api/chat';
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

/** Placeholder cards while the suggestions load: enough to fill a phone's first screen. */
const SKELETON_CARDS = [0, 1, 2, 3, 4, 5];

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
  const search = useSuggestionSearch(pickedName, picked !== null && tagged.length === 0);
  const hits = (search.data?.suggestions ?? []).filter((s) => s.language === language);
  const found = picked ? questionsOfCategory(hits, picked) : [];
  const questions = tagged.length > 0 ? tagged : found;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="chat-suggested-title">
        <h2 id="chat-suggested-title" className="mb-2 text-sm font-semibold text-neutral-600 dark:text-neutral-300">{t('suggestedTitle')}</h2>
        {loading ? <p role="status" className="sr-only">{t('loadingSuggestions')}</p> : null}
        {failed ? (
          <p className="flex items-center gap-3 text-sm text-neutral-600 dark:text-neutral-300">
            {t('suggestionsFailed')}
            <button type="button" onClick={onRetry} className="rounded-full border border-neutral-300 px-3 py-1 font-semibold dark:border-neutral-700">
              {t('retry')}
            </button>
          </p>
        ) : null}
        {/* One click handler for all cards (they carry their question): the cards re-render only when the list changes. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated from the cards, which are buttons */}
        <ul className="grid grid-cols-1 gap-2.5 sm:grid-cols-2" onClick={(e) => askCard(e, onAsk)}>
          {loading && long.length === 0
            ? SKELETON_CARDS.map((k) => (
              // Placeholders the size of a card: the category picker below does not move when the cards arrive.
              <li key={k} aria-hidden="true" data-testid="chat-suggestion-skeleton" className="h-[4.25rem] animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900" />
            ))
            : null}
          <SuggestedCards long={long} />
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

/** Asks the question of the card clicked inside the list (`data-q`), if any. */
function askCard(e: MouseEvent<HTMLElement>, onAsk: (q: string) => void): void {
  const q = (e.target as Element).closest<HTMLElement>('[data-q]')?.dataset.q;
  if (q) onAsk(q);
}

/**
 * The long-form cards: markup only (no handlers, see askCard), memoised on the
 * list, so connection and store updates of the chat screen do not re-render them.
 */
const SuggestedCards = memo(function SuggestedCards({ long }: { long: Suggestion[] }) {
  return long.map((s) => (
    <li key={s.q}>
      <button
        type="button"
        data-testid="chat-suggestion"
        data-color={s.color}
        data-q={s.q}
        className={`flex h-full w-full items-start gap-3 rounded-2xl border px-4 py-3 text-left transition-transform active:scale-[0.98] ${CARD_COLORS[s.color] ?? CARD_COLORS.Blue}`}
      >
        <span aria-hidden="true" className="text-xl leading-none">{s.icon}</span>
        <span className="font-medium leading-snug">{s.q}</span>
      </button>
    </li>
  ));
});
