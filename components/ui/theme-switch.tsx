'use client';

import { useEffect } from 'react';
import { useThemeStore, type Theme } from '@/stores/theme-store';

/** Light or dark theme (SPEC.md section 4 "Theme"), stored locally. */
export function ThemeSwitch({ legend, labels }: { legend: string; labels: Record<Theme, string> }) {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const load = useThemeStore((s) => s.load);
  useEffect(load, [load]);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="flex gap-2">
        {(['light', 'dark'] as const).map((t) => (
          <label
            key={t}
            className="cursor-pointer rounded-full border border-neutral-300 px-4 py-2 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-500 has-[:checked]:text-black has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 dark:border-neutral-700"
          >
            <input
              type="radio"
              name="ui-theme"
              value={t}
              checked={theme === t}
              className="sr-only"
              onChange={() => setTheme(t)}
            />
            {labels[t]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
