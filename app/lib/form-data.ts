/** FormData to a plain object for zod: repeated fields named in `lists` become arrays. */
export function formToObject(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string");
    result[key] = lists.includes(key) ? values : values[0];
  }
  for (const key of lists) result[key] ??= [];
  return result;
}
