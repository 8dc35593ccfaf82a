import { useTranslations } from 'next-intl';

/**
 * The text of a failed studio call: `errors.<code>` in the interface language
 * when there is one, else the server's own message (codes the studio adds,
 * such as `conflict`, `not_ready` or `duplicate_video` with its link), else
 * the generic message.
 */
export function useStudioErrorText(): (err: { code?: string; message?: string }) => string {
  const tErr = useTranslations('errors');
  return (err) => {
    if (err.code && tErr.has(err.code)) return tErr(err.code);
    return err.message || tErr('generic');
  };
}
