/**
 * Admin notification form (spec §2 Admin notifications, §5: url is URL-typed and optional).
 * The spec sets no checks on title and content; empty ones are refused with our own texts.
 */

import { z } from "zod";

export const notificationSchema = z.object({
  title: z.string().trim().min(1, "Il titolo è obbligatorio.").max(200, "Il titolo può avere al massimo 200 caratteri."),
  content: z.string().trim().min(1, "Il contenuto è obbligatorio.").max(5000, "Il contenuto può avere al massimo 5000 caratteri."),
  /** Empty = no link; otherwise an http(s) URL (links are opened in a new tab). */
  url: z
    .string()
    .trim()
    .max(2000, "L'URL è troppo lungo.")
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), "Inserisci un URL valido (http:// o https://)."),
});

export type NotificationInput = z.infer<typeof notificationSchema>;
