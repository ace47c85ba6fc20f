/**
 * One mutation of the dashboard without a file: a fetcher posting to the page's own action.
 * React Router revalidates the page's loaders after it by itself; this adds the French
 * confirmation toast, the error to show, and the commands still in flight for optimistic lists.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { useAdminNotice } from "./admin-notice";

export type AdminReply = { ok: true; message: string } | { ok: false; error: string };

export function useAdminFetcher(
  options: { onSuccess?: () => void; onSettled?: () => void; failure?: string } = {},
) {
  const fetcher = useFetcher<AdminReply>();
  const notify = useAdminNotice();
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  const onSettled = useRef(options.onSettled);
  onSettled.current = options.onSettled;
  const [problem, setProblem] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<AdminReply | undefined>(undefined);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!reply) return;
    onSettled.current?.();
    if (!reply.ok) return;
    notify(reply.message);
    onSuccess.current?.();
  }, [reply, notify]);

  const { submit: post } = fetcher;
  const submit = useCallback(
    (fields: Record<string, string> | FormData) => {
      setProblem(null);
      post(fields, { method: "post" });
    },
    [post],
  );
  /** A check made in the browser before posting, or null to clear the error shown. */
  const setError = useCallback(
    (message: string | null) => {
      setProblem(message);
      if (message === null) setDismissed(fetcher.data);
    },
    [fetcher.data],
  );
  const failed = reply && !reply.ok && reply !== dismissed ? (options.failure ?? reply.error) : null;
  return {
    submit,
    busy: fetcher.state !== "idle",
    error: problem ?? failed,
    setError,
    sent: fetcher.formData,
  };
}

/** The ids named by the commands of this intent still in flight: what the lists show at once. */
export function usePendingIds(intent: string): Map<string, FormData> {
  const fetchers = useFetchers();
  const pending = new Map<string, FormData>();
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (form?.get("intent") !== intent) continue;
    const id = form.get("id");
    if (typeof id === "string") pending.set(id, form);
  }
  return pending;
}
