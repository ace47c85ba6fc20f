/** The admin event form (spec §5: title and start date required, end date optional and after the start). */
import { z } from "zod";
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import { recordId } from "~/features/catalogue/admin/product-schema";

const isDate = (value: string) => !Number.isNaN(new Date(value).getTime());

export const eventFields = z
  .object({
    id: recordId.optional(),
    title: z
      .string(EVENT_MESSAGES.titleRequired)
      .trim()
      .min(1, EVENT_MESSAGES.titleRequired)
      .max(200, "Le titre est trop long (200 caractères au maximum)."),
    startDate: z
      .string(EVENT_MESSAGES.startRequired)
      .trim()
      .min(1, EVENT_MESSAGES.startRequired)
      .refine(isDate, EVENT_MESSAGES.invalidDate),
    endDate: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || isDate(value), EVENT_MESSAGES.invalidDate),
    location: z.string().trim().max(200, "Le lieu est trop long.").default(""),
    description: z.string().trim().max(5000, "La description est trop longue.").default(""),
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
