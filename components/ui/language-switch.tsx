'use client';

import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/constants';
import { URL_LANGUAGE_PARAM } from '@/lib/url-language';

/** localStorage key of the interface language (SPEC.md section 9 "Stored keys"); the cookie is what the server reads. */
const LANGUAGE_STORAGE_KEY = 'sr_language';

/**
 * Saves the interface language for a year in the `NEXT_LOCALE` cookie that
 * i18n/request.ts reads (SPEC.md section 4 "Language", persisted).
 */
export function saveLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled: the cookie alone is enough.
  }
}

/**
 * The interface language picker: English, हिन्दी, Hinglish, each named in
 * its own script. Re-renders the page in the new language.
 */
export function LanguageSwitch({ current, legend, names }: { current: Locale; legend: string; names: Record<Locale, string> }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={pending}>
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {LOCALES.map((l) => (
          <label
            key={l}
            className="cursor-pointer rounded-full border border-neutral-300 px-4 py-2 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-500 has-[:checked]:text-black has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 dark:border-neutral-700"
          >
            <input
              type="radio"
              name="ui-language"
              value={l}
              checked={current === l}
              className="sr-only"
              lang={l === 'hi' ? 'hi' : l === 'he' ? 'hi-Latn' : 'en'}
              onChange={() => {
                saveLocale(l);
                // A URL that names a language (?hl=, lib/url-language.ts) would set it back: leave it for the bare URL.
                const here = new URL(window.location.href);
                if (here.searchParams.has(URL_LANGUAGE_PARAM)) {
                  here.searchParams.delete(URL_LANGUAGE_PARAM);
                  startTransition(() => router.replace(`${here.pathname}${here.search}${here.hash}`));
                } else {
                  startTransition(() => router.refresh());
                }
              }}
            />
            <span lang={l === 'hi' ? 'hi' : l === 'he' ? 'hi-Latn' : 'en'}>{names[l]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
