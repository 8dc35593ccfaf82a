'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon, SearchIcon, SparkleChatIcon, CompassIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/button';
import type { Locale } from '@/lib/constants';
import { SEARCH_QUERY_MAX } from '../schemas';
import { useSearchSuggestions } from '../api/search';
import { normalizeQuery } from '../lib/search-feed';

/** How long typing must pause before the typeahead asks, ms. */
export const TYPEAHEAD_DEBOUNCE_MS = 250;
/** The typeahead asks from this many characters on. */
const TYPEAHEAD_MIN_CHARS = 2;
/** Suggestions shown at most: topics first (at most 2), then suggested questions. */
const MAX_SUGGESTIONS = 6;
const MAX_TOPIC_SUGGESTIONS = 2;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Suggestion { kind: 'topic' | 'question'; text: string }

/**
 * The search form (a `search` landmark): a labelled searchbox, a clear
 * button and the submit button. While the person types, a typeahead lists
 * the topic names and the assistant's suggested questions that the search
 * itself finds for the words typed so far (GET /feeds-server/api/v1/search,
 * page 1, asked TYPEAHEAD_DEBOUNCE_MS after typing pauses; in the interface
 * language). ArrowDown/ArrowUp move through the list (aria-activedescendant),
 * Enter picks the one marked or submits the words, Escape closes the list.
 * A pick is submitted as the search.
 * @param value the words in the field (the screen keeps them).
 * @param current the words of the results on screen: no typeahead for those.
 */
export function SearchField({ value, onValueChange, onSubmit, current, lang, focusOnOpen = false }: {
  value: string;
  onValueChange: (v: string) => void;
  onSubmit: (q: string) => void;
  current: string | null;
  lang: Locale;
  /** Focus the field as the page opens (a search screen opened without words: the person came to type). */
  focusOnOpen?: boolean;
}) {
  const t = useTranslations('search');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typed = normalizeQuery(value);
  const settled = useDebounced(typed, TYPEAHEAD_DEBOUNCE_MS);
  // The last list stays while the person goes on typing; the next is asked once typing pauses.
  const asking = open && typed.length >= TYPEAHEAD_MIN_CHARS && settled.length >= TYPEAHEAD_MIN_CHARS && settled !== current;
  const { data } = useSearchSuggestions(asking ? { q: settled, lang } : null);

  const options = useMemo<Suggestion[]>(() => {
    if (!asking || !data) return [];
    const seen = new Set([typed.toLocaleLowerCase()]);
    const out: Suggestion[] = [];
    const push = (kind: Suggestion['kind'], text: string) => {
      const key = normalizeQuery(text).toLocaleLowerCase();
      if (!key || seen.has(key) || out.length >= MAX_SUGGESTIONS) return;
      seen.add(key);
      out.push({ kind, text: normalizeQuery(text) });
    };
    for (const topic of data.topics.slice(0, MAX_TOPIC_SUGGESTIONS)) push('topic', topic.name);
    for (const q of data.questions) push('question', q);
    return out;
  }, [asking, data, typed]);
  const shown = open && options.length > 0;
  const marked = shown && active >= 0 && active < options.length ? active : -1;

  const submit = (q: string) => {
    setOpen(false);
    setActive(-1);
    onSubmit(q);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!shown) {
        setOpen(true);
        return;
      }
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Past either end the mark leaves the list (back to the words typed).
      setActive((a) => {
        const next = a + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (e.key === 'Enter' && marked >= 0) {
      e.preventDefault();
      const pick = options[marked].text;
      onValueChange(pick);
      submit(pick);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form
      role="search"
      aria-label={t('title')}
      className="relative flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (typed) submit(typed);
      }}
    >
      <label htmlFor={inputId} className="sr-only">{t('label')}</label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon size={20} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-neutral-500 dark:text-neutral-400" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          data-testid="search-input"
          value={value}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          // A person who came here to search starts typing at once (the search button's target).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnOpen}
          aria-autocomplete="list"
          aria-controls={shown ? listId : undefined}
          aria-activedescendant={marked >= 0 ? `${listId}-${marked}` : undefined}
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className={`h-12 w-full rounded-full border border-neutral-300 bg-white pl-11 ${value ? 'pr-12' : 'pr-4'} text-base text-neutral-900 outline-none placeholder:text-neutral-500 focus:border-amber-500 focus:ring-2 focus:ring-amber-500/40 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 [&::-webkit-search-cancel-button]:appearance-none`}
        />
        {value ? (
          <button
            type="button"
            aria-label={t('clear')}
            data-testid="search-clear"
            onClick={() => {
              onValueChange('');
              setActive(-1);
              inputRef.current?.focus();
            }}
            className="absolute right-0.5 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
        {shown ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t('suggestions')}
            data-testid="search-suggestions"
            className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
          >
            {options.map((o, i) => (
              // The keys are the field's (aria-activedescendant, the combobox pattern): an option takes clicks only.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${o.kind}:${o.text}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === marked}
                // Keeps the focus in the field, so the list stays open until the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onValueChange(o.text);
                  submit(o.text);
                }}
                className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-2 text-left text-[0.95rem] ${i === marked ? 'bg-amber-100 dark:bg-amber-900/40' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'}`}
              >
                {o.kind === 'topic'
                  ? <CompassIcon size={18} className="shrink-0 text-amber-700 dark:text-amber-400" />
                  : <SparkleChatIcon size={18} className="shrink-0 text-amber-700 dark:text-amber-400" />}
                <span className="min-w-0">{o.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="submit" className={buttonClass({ size: 'none', className: 'h-12 shrink-0 px-4' })}>{t('submit')}</button>
    </form>
  );
}
