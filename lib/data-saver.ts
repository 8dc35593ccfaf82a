/**
 * The data saver: for people who pay per gigabyte. It is on when the person
 * turned it on in Profile settings, or, while they never chose, when the
 * browser asks to save data (the `Save-Data: on` request header, or
 * `navigator.connection.saveData`). The person's choice is kept on the
 * device in a cookie, so the server renders the first reel for it too.
 * While it is on, the player plays only the lowest rendition (the 240p media
 * playlist instead of the master), neighbours fetch nothing but their poster,
 * posters are the small thumbnail, the next reel waits for a tap instead of
 * playing by itself, and there is no mini player.
 */

/** The cookie holding the person's choice (`on` or `off`); absent: they never chose. */
export const DATA_SAVER_COOKIE = 'sr_data_saver';
/** How long the choice is kept, seconds (a year). */
export const DATA_SAVER_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The person's own choice in Profile settings. */
export type DataSaverChoice = 'on' | 'off';

/** The cookie's value read as a choice; anything else (or nothing) is no choice. */
export function parseDataSaverChoice(value: string | null | undefined): DataSaverChoice | null {
  return value === 'on' || value === 'off' ? value : null;
}

/**
 * True when a `Save-Data` request header asks for less data. The header's
 * only defined value is `on` (WICG Save-Data, "Save-Data request header
 * field"); matched case-insensitively and trimmed.
 */
export function saveDataHeaderOn(value: string | null | undefined): boolean {
  return (value ?? '').trim().toLowerCase() === 'on';
}

/** Whether the data saver is on: the person's choice wins; without one, the browser's hint. */
export function dataSaverOn(choice: DataSaverChoice | null, browserAsks: boolean): boolean {
  return choice === null ? browserAsks : choice === 'on';
}

/** The Set-Cookie-style string `document.cookie` takes to keep `choice` on the device. */
export function dataSaverCookie(choice: DataSaverChoice): string {
  return `${DATA_SAVER_COOKIE}=${choice}; Path=/; Max-Age=${DATA_SAVER_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
