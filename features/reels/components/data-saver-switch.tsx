'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useDataSaver } from '@/lib/data-saver-context';

/**
 * The data saver's switch in Profile settings (lib/data-saver.ts):
 * a labelled on/off switch (a checkbox with role="switch", a 44 px tall
 * target), what it does in one line, and, while the person never chose and
 * the browser asks to save data, a line saying that is why it is on. The
 * choice is kept on this device (a cookie) and applies at once.
 */
export function DataSaverSwitch() {
  const t = useTranslations('profile');
  const saver = useDataSaver();
  const hintId = useId();
  return (
    <div id="data-saver" className="flex flex-col gap-1">
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 font-semibold">
        {t('dataSaver')}
        <input
          type="checkbox"
          role="switch"
          data-testid="data-saver-switch"
          checked={saver.on}
          aria-describedby={hintId}
          onChange={(e) => saver.setChoice(e.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-neutral-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-6 after:w-6 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-amber-500 peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500 motion-reduce:after:transition-none dark:bg-neutral-700"
        />
      </label>
      <p id={hintId} className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('dataSaverHint')}
        {saver.choice === null && saver.browserAsks ? <> {t('dataSaverBrowser')}</> : null}
      </p>
    </div>
  );
}
