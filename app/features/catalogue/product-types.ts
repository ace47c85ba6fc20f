/**
 * The catalogue's piece shapes, one home for each (ADR 031): what the server reads
 * (catalogue.server.ts, product-admin.server.ts) and what the pages, the dashboard and the search
 * show are these types or types derived from them, never copies.
 */

export interface NamedRef {
  id: string;
  name: string;
}

export interface ReferenceLists {
  categories: NamedRef[];
  colors: NamedRef[];
  materials: NamedRef[];
  pearlTypes: NamedRef[];
}

export interface ImageRef {
  fileName: string;
  width: number;
  height: number;
}

export interface ProductCard {
  id: string;
  slug: string;
  name: string;
  priceCents: number | null;
  stock: number;
  /** Units held for open orders (docs/product.md §10.19): a unique piece held shows 'Réservée'. */
  held: number;
  isUnique: boolean;
  isSold: boolean;
  image: ImageRef | null;
}

export interface ProductDetails extends ProductCard {
  description: string;
  /** The piece's own safety and care text; empty: the shop's (docs/product.md §2). */
  safetyInfo: string;
  images: ImageRef[];
  categories: NamedRef[];
  colors: NamedRef[];
  materials: NamedRef[];
  pearlTypes: NamedRef[];
}

/** A piece as the dashboard reads it: relations by id, with its creation date. */
export interface AdminProduct extends ProductCard {
  description: string;
  safetyInfo: string;
  createdAt: string;
  images: ImageRef[];
  categories: string[];
  colors: string[];
  materials: string[];
  pearlTypes: string[];
}

/** What the product form edits (a piece, or an empty one to create): the pictures by name only. */
export type EditableProduct = Pick<
  AdminProduct,
  | "id"
  | "slug"
  | "name"
  | "description"
  | "safetyInfo"
  | "priceCents"
  | "stock"
  | "isUnique"
  | "isSold"
  | "categories"
  | "colors"
  | "materials"
  | "pearlTypes"
> & { images: Pick<ImageRef, "fileName">[] };

/** A piece of the product manager's list: editable, its pictures' sizes and held units known. */
export type ManagedProduct = Omit<EditableProduct, "images"> &
  Pick<AdminProduct, "images"> &
  Partial<Pick<AdminProduct, "held">>;
