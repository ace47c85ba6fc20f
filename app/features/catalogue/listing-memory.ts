/**
 * docs/product.md §4: filters, sort order and selected category persist in session storage, separately for
 * the catalogue and the gallery, and are restored when the visitor comes back. Read or save
 * failures are logged and defaults used.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { type ListingKind, PARAM } from "./listing-query";

const key = (kind: ListingKind, part: "filters" | "sort" | "category") => `nacre.${kind}.${part}`;

function read(name: string): string | null {
  try {
    return window.sessionStorage.getItem(name);
  } catch (error) {
    console.warn("Lecture du stockage de session impossible", error);
    return null;
  }
}

function write(name: string, value: string): void {
  try {
    if (value) window.sessionStorage.setItem(name, value);
    else window.sessionStorage.removeItem(name);
  } catch (error) {
    console.warn("Écriture du stockage de session impossible", error);
  }
}

/** Splits a listing URL into what is kept: filters, sort, category (paging and seed are not). */
function parts(search: string) {
  const params = new URLSearchParams(search);
  const sort = params.get(PARAM.sort) ?? "";
  const categories = params.getAll(PARAM.categories);
  const filters = new URLSearchParams();
  for (const [name, value] of params) {
    if (name !== PARAM.sort && name !== PARAM.seed && name !== PARAM.page && name !== PARAM.categories) {
      filters.append(name, value);
    }
  }
  return { filters: filters.toString(), sort, categories: categories.join(",") };
}

export function forgetListing(kind: ListingKind): void {
  write(key(kind, "filters"), "");
  write(key(kind, "sort"), "");
  write(key(kind, "category"), "");
}

export function useListingMemory(kind: ListingKind): void {
  const location = useLocation();
  const navigate = useNavigate();

  // Coming back without parameters: restore what was chosen before, if anything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival.
  useEffect(() => {
    if (location.search) return;
    const filters = read(key(kind, "filters")) ?? "";
    const sort = read(key(kind, "sort")) ?? "";
    const category = read(key(kind, "category")) ?? "";
    const params = new URLSearchParams(filters);
    for (const id of category.split(",").filter(Boolean)) params.append(PARAM.categories, id);
    if (sort) params.set(PARAM.sort, sort);
    const restored = params.toString();
    if (restored) navigate({ search: `?${restored}` }, { replace: true, preventScrollReset: true });
  }, []);

  const arriving = useRef(true);
  useEffect(() => {
    // On arrival without parameters the restore above is under way: do not overwrite the memory.
    if (arriving.current) {
      arriving.current = false;
      if (!location.search) return;
    }
    const { filters, sort, categories } = parts(location.search);
    write(key(kind, "filters"), filters);
    write(key(kind, "sort"), sort);
    write(key(kind, "category"), categories);
  }, [kind, location.search]);
}
