/** Categories and the three attribute lists (docs/product.md §5: names not blank): create, rename, delete. */
import { z } from "zod";
import { NAME_EMPTY, REFERENCE_KINDS } from "~/features/catalogue/catalogue-messages";
import { recordId } from "~/lib/record-id";
import { singleLineText } from "~/lib/text-schema";

const kind = z.enum(REFERENCE_KINDS, "Liste inconnue.");
export const referenceName = singleLineText(NAME_EMPTY)
  .min(1, NAME_EMPTY)
  .max(80, "Le nom est trop long (80 caractères au maximum).");

export const referenceActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), kind, name: referenceName }),
  z.object({ intent: z.literal("rename"), kind, id: recordId, name: referenceName }),
  z.object({ intent: z.literal("delete"), kind, id: recordId }),
]);

export type ReferenceAction = z.infer<typeof referenceActionSchema>;
