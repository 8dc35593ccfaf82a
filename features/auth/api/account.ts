import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiFetch, STORAGE_KEYS, type HttpError } from '@/lib/http/client';
import { forgetStoredPages } from '@/lib/pwa/sw-rules';
import type { EraseAccountBody, ErasureSummary } from '../account-schemas';
import type { accountRoutes } from '../server/profile-routes';

/**
 * The browser side of a person's rights (docs/decisions/021): download
 * everything held about me, and erase my account. Type imports only, so
 * zod stays out of the profile page's first load.
 */

/** The account endpoints, typed by their router. */
const account = apiClient<ReturnType<typeof accountRoutes>>().auth.api.v1.user;

/** Used when the answer names no file (it always does). */
const FALLBACK_FILE_NAME = 'surya-reels-data.json';

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if it names one. */
export function fileNameOfDisposition(header: string | null): string | null {
  const m = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return m ? m[1] : null;
}

/**
 * GET /auth/api/v1/user/export, saved by the browser as a download (the
 * server's file name, `surya-reels-data-<date>.json`).
 * @returns the file name saved.
 * @throws HttpError 401 `login_required`, 429 `rate_limited`, ...
 */
export async function downloadMyData(): Promise<string> {
  const res = await apiFetch('/auth/api/v1/user/export');
  const name = fileNameOfDisposition(res.headers.get('content-disposition')) ?? FALLBACK_FILE_NAME;
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

/**
 * DELETE /auth/api/v1/user/me with `{"confirm": true}`: erases the account;
 * the server ends every session and gives the device a fresh visitor. An
 * API-style token and the service worker's stored pages go too, as on logout.
 * @returns what was erased, per kind.
 * @throws HttpError 401, 403, 422, 429.
 */
export async function eraseMyAccount(): Promise<ErasureSummary> {
  const body: EraseAccountBody = { confirm: true };
  const summary = await (await account.me.$delete({ json: body })).json();
  try {
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
  } catch {
    // Storage may be disabled; there is then no token either.
  }
  await forgetStoredPages();
  return summary;
}

/** Downloads my data (downloadMyData). */
export function useDownloadMyData() {
  return useMutation<string, HttpError, void>({ mutationKey: ['account', 'export'], mutationFn: downloadMyData });
}

/**
 * Erases my account; `onErased` runs first (leave the page, say so), then
 * every query starts over (reset, as after logout), so nothing of the
 * erased user stays on screen. `onErased` is a mutation option, not a
 * `mutate` callback, because the reset signs the screen out and unmounts
 * the component that asked, whose own callbacks would then never run.
 */
export function useEraseMyAccount(onErased?: (summary: ErasureSummary) => void) {
  const qc = useQueryClient();
  return useMutation<ErasureSummary, HttpError, void>({
    mutationKey: ['account', 'erase'],
    mutationFn: eraseMyAccount,
    onSuccess: async (summary) => {
      onErased?.(summary);
      await qc.resetQueries();
    },
  });
}
