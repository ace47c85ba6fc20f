/** The dashboard's confirmations (docs/product.md §8 wording): one toast at a time, shown by any admin screen. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Toast } from "~/components/toast";

const NoticeContext = createContext<(message: string) => void>(() => {});

export function AdminNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<{ id: number; message: string } | null>(null);
  const notify = useCallback(
    (message: string) => setNotice((current) => ({ id: (current?.id ?? 0) + 1, message })),
    [],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <NoticeContext.Provider value={value}>
      {children}
      {/* A new key per notice: the same text twice in a row shows twice. */}
      {notice ? <Toast key={notice.id} message={notice.message} /> : null}
    </NoticeContext.Provider>
  );
}

export function useAdminNotice() {
  return useContext(NoticeContext);
}
