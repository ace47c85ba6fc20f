/**
 * A dashboard save that carries files (product and event forms): posted through XMLHttpRequest for
 * its upload progress, then the loaders are revalidated and the French confirmation shown. The
 * commands without files use useAdminFetcher and the page actions instead.
 */
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useAdminNotice } from "./admin-notice";
import { type AdminAnswer, postAdminForm } from "./admin-request";

export function useAdminUpload() {
  const notify = useAdminNotice();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (url: string, body: FormData, options: { trackProgress?: boolean } = {}): Promise<AdminAnswer> => {
      setBusy(true);
      setError(null);
      setProgress(options.trackProgress ? 0 : null);
      const answer = await postAdminForm(url, body, options.trackProgress ? setProgress : undefined);
      if (answer.ok) {
        await revalidator.revalidate();
        notify(answer.message);
      } else {
        setError(answer.error);
      }
      setBusy(false);
      setProgress(null);
      return answer;
    },
    [notify, revalidator],
  );

  return { run, busy, progress, error, setError };
}
