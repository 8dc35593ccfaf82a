import 'server-only';
// eslint-disable-next-line no-restricted-imports -- the one place that reads next-intl's locale tag and maps it back.
import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/constants';
import { interfaceLangOf } from '@/lib/i18n-locale';

/**
 * The request's interface language as the wire names it (en, hi, he; SPEC.md
 * section 4 "Language"), for server components. next-intl's `getLocale()`
 * answers the BCP 47 tag it formats with (lib/i18n-locale.ts), never sent
 * to the API or compared with a reel's language.
 */
export async function getInterfaceLang(): Promise<Locale> {
  return interfaceLangOf(await getLocale());
}
