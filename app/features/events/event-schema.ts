/** The admin event form (docs/product.md §5: title and start date required, end date optional and after the start). */
import { z } from "zod";
import { EVENT_MESSAGES } from "~/features/events/events-messages";
import { recordId } from "~/lib/record-id";
import { multiLineText, singleLineText } from "~/lib/text-schema";

const isDate = (value: string) => !Number.isNaN(new Date(value).getTime());

export const eventFields = z
  .object({
    id: recordId.optional(),
    title: singleLineText(EVENT_MESSAGES.titleRequired)
      .min(1, EVENT_MESSAGES.titleRequired)
      .max(200, "Le titre est trop long (200 caractères au maximum)."),
    startDate: singleLineText(EVENT_MESSAGES.startRequired)
      .min(1, EVENT_MESSAGES.startRequired)
      .refine(isDate, EVENT_MESSAGES.invalidDate),
    endDate: singleLineText()
      .default("")
      .refine((value) => value === "" || isDate(value), EVENT_MESSAGES.invalidDate),
    location: singleLineText().max(200, "Le lieu est trop long.").default(""),
    description: multiLineText().max(5000, "La description est trop longue.").default(""),
    removeImage: z
      .string()
      .optional()
      .transform((value) => value === "true"),
  })
  .superRefine((fields, ctx) => {
    if (fields.endDate && new Date(fields.endDate).getTime() <= new Date(fields.startDate).getTime()) {
      ctx.addIssue({ code: "custom", message: EVENT_MESSAGES.endBeforeStart, path: ["endDate"] });
    }
  })
  .transform((fields) => ({
    ...fields,
    startDate: new Date(fields.startDate).toISOString(),
    endDate: fields.endDate ? new Date(fields.endDate).toISOString() : null,
  }));

export const eventDeleteSchema = z.object({ intent: z.literal("delete"), id: recordId });

export type EventInput = z.output<typeof eventFields>;
