/**
 * How the dashboard sends its uploads (api/admin/produits and api/admin/evenements: saves with
 * files; every other command is its page's action, ADR 013): a multipart POST through
 * XMLHttpRequest, whose upload events give the progress bar that fetch() cannot, answered in JSON.
 * After a success the caller revalidates the page's loaders: the dashboard updates without a
 * reload.
 */
export type AdminAnswer =
  | { ok: true; message: string; payload: Record<string, unknown> }
  | { ok: false; error: string };

export function postAdminForm(
  url: string,
  body: FormData,
  onProgress?: (percent: number) => void,
): Promise<AdminAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    if (onProgress) {
      request.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      });
    }
    request.addEventListener("load", () => {
      const payload = request.response as {
        ok?: boolean;
        message?: string;
        error?: string;
        [key: string]: unknown;
      } | null;
      if (request.status >= 200 && request.status < 300 && payload?.ok) {
        resolve({ ok: true, message: payload.message ?? "", payload });
      } else if (request.status === 413) {
        resolve({ ok: false, error: payload?.error ?? "L'envoi est trop volumineux (48 Mo au maximum)." });
      } else {
        resolve({ ok: false, error: payload?.error ?? "Une erreur s'est produite. Veuillez réessayer." });
      }
    });
    request.addEventListener("error", () =>
      resolve({ ok: false, error: "Connexion impossible. Vérifiez votre réseau et réessayez." }),
    );
    request.send(body);
  });
}

export function formOf(fields: Record<string, string | readonly string[] | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of typeof value === "string" ? [value] : value) form.append(key, item);
  }
  return form;
}
