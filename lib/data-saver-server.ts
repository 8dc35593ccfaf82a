import 'server-only';
import { cookies, headers } from 'next/headers';
import { DATA_SAVER_COOKIE, parseDataSaverChoice, saveDataHeaderOn, type DataSaverChoice } from '@/lib/data-saver';

/** What the server knows of the data saver for the request it renders. */
export interface DataSaverRequest {
  /** The person's choice from its cookie, or null. */
  choice: DataSaverChoice | null;
  /** The request carried `Save-Data: on`. */
  browserAsks: boolean;
}

/**
 * The data saver as the request tells it (lib/data-saver.ts):
 * the `sr_data_saver` cookie and the `Save-Data` header. Reading them makes
 * the page render per request (pages here already do, for the language).
 */
export async function dataSaverOfRequest(): Promise<DataSaverRequest> {
  const [h, c] = await Promise.all([headers(), cookies()]);
  return {
    choice: parseDataSaverChoice(c.get(DATA_SAVER_COOKIE)?.value),
    browserAsks: saveDataHeaderOn(h.get('save-data')),
  };
}
