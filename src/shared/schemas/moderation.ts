/**
 * Trust and safety forms (issue 23; DSA Art. 16 notices, Art. 17 statements of reasons, Art. 20
 * complaints): one schema per form, shared by the web form and the server check, with Italian
 * messages. Lengths are bounded everywhere.
 */

import { z } from "zod";
import { CONTENT_KINDS } from "../content-kinds";

export { CONTENT_KINDS, type ContentKindName, KIND_LABELS, KIND_SEGMENTS } from "../content-kinds";

/** The reasons of the report form (issue 23), in the order shown. */
export const REPORT_REASONS = [
  { id: "illegale", label: "Contenuto illegale" },
  { id: "violenza", label: "Violenza o incitamento" },
  { id: "sessuale_minori", label: "Contenuti sessuali o che coinvolgono minori" },
  { id: "odio_molestie", label: "Odio o molestie" },
  { id: "diritto_autore_privacy", label: "Violazione del diritto d'autore o della privacy" },
  { id: "altro", label: "Altro" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["id"];
const REASON_IDS = REPORT_REASONS.map((r) => r.id) as [ReportReason, ...ReportReason[]];

/** Label of a reason id ('Altro' for an unknown one). */
export function reasonLabel(id: string): string {
  return REPORT_REASONS.find((r) => r.id === id)?.label ?? "Altro";
}

/** Reasons whose report needs an explanation (what is wrong cannot be guessed otherwise). */
export const EXPLAINED_REASONS: readonly ReportReason[] = ["altro", "diritto_autore_privacy"];

export const EXPLANATION_MAX = 2000;
export const REPORT_EMAIL_MAX = 254;
/** Content ids are UUIDs or 22-character link ids; anything longer is not looked up. */
const contentId = z.string().trim().min(1, "Contenuto non valido.").max(100, "Contenuto non valido.");

/**
 * POST /api/reports ('Segnala'). explanation: required (at least 10 characters) for 'altro' and
 * for copyright or privacy; email: optional (visitors hear the outcome there); goodFaith: the
 * declaration of DSA Art. 16(2)(d), required.
 */
export const reportSchema = z
  .object({
    kind: z.enum(CONTENT_KINDS, { message: "Contenuto non valido." }),
    contentId,
    reason: z.enum(REASON_IDS, { message: "Scegli il motivo della segnalazione." }),
    explanation: z.string().trim().max(EXPLANATION_MAX, `La spiegazione può avere al massimo ${EXPLANATION_MAX} caratteri.`).default(""),
    email: z
      .string()
      .trim()
      .max(REPORT_EMAIL_MAX, "L'email è troppo lunga.")
      .refine((v) => v === "" || z.email().safeParse(v).success, "Inserisci un'email valida.")
      .default(""),
    goodFaith: z.literal(true, { message: "Devi dichiarare che la segnalazione è fatta in buona fede." }),
  })
  .superRefine((value, ctx) => {
    if (EXPLAINED_REASONS.includes(value.reason) && value.explanation.length < 10) {
      ctx.addIssue({ code: "custom", path: ["explanation"], message: "Spiega il problema (almeno 10 caratteri): per questo motivo la spiegazione è obbligatoria." });
    }
  });
export type ReportInput = z.input<typeof reportSchema>;

export const DECISION_ACTIONS = ["keep", "restrict", "remove"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
export const DECISION_LABELS: Record<DecisionAction, string> = {
  keep: "Nessuna violazione: il contenuto resta",
  restrict: "Visibilità limitata: fuori dalla galleria e da Scopri",
  remove: "Contenuto rimosso",
};
export const GROUND_TYPES = ["legge", "termini"] as const;
export const GROUND_LABELS: Record<(typeof GROUND_TYPES)[number], string> = {
  legge: "Contenuto illegale (base giuridica)",
  termini: "Contrario alle regole del sito",
};
/** Grounds a moderator can pick or adapt (a datalist: free text is allowed). */
export const GROUND_SUGGESTIONS = [
  "Pornografia minorile (art. 600-ter c.p.)",
  "Istigazione a delinquere (art. 414 c.p.)",
  "Propaganda e istigazione all'odio razziale (art. 604-bis c.p.)",
  "Diffamazione (art. 595 c.p.)",
  "Violazione del diritto d'autore (L. 633/1941)",
  "Trattamento illecito di dati personali (art. 167 D.Lgs. 196/2003)",
  "Regole della community: contenuti sessuali espliciti",
  "Regole della community: violenza gratuita",
  "Regole della community: odio o molestie",
] as const;

const reasons = (min: number, what: string) =>
  z.string().trim().min(min, `${what} (almeno ${min} caratteri).`).max(EXPLANATION_MAX, `Al massimo ${EXPLANATION_MAX} caratteri.`);

/**
 * POST /api/moderation/items/:kind/:id/decision. keep needs nothing else (facts optional: they
 * reach the reporters); restrict and remove need the ground type, the ground and the facts (the
 * statement of reasons, DSA Art. 17(3)); suspendAuthor only with restrict or remove.
 */
export const decisionSchema = z
  .object({
    action: z.enum(DECISION_ACTIONS, { message: "Scegli una decisione." }),
    suspendAuthor: z.boolean().default(false),
    groundType: z.enum(GROUND_TYPES).optional(),
    ground: z.string().trim().max(300, "Al massimo 300 caratteri.").default(""),
    facts: z.string().trim().max(EXPLANATION_MAX, `Al massimo ${EXPLANATION_MAX} caratteri.`).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.action === "keep") {
      if (value.suspendAuthor) ctx.addIssue({ code: "custom", path: ["suspendAuthor"], message: "La sospensione va con una limitazione o una rimozione." });
      return;
    }
    if (!value.groundType) ctx.addIssue({ code: "custom", path: ["groundType"], message: "Indica se il contenuto è illegale o contrario alle regole." });
    if (value.ground.length < 3) ctx.addIssue({ code: "custom", path: ["ground"], message: "Indica la norma o la regola violata." });
    if (value.facts.length < 10) ctx.addIssue({ code: "custom", path: ["facts"], message: "Descrivi i fatti (almeno 10 caratteri)." });
  });
export type DecisionInput = z.input<typeof decisionSchema>;

/** POST /api/decisions/:id/appeal ('Contesta la decisione'). */
export const appealSchema = z.object({ text: reasons(10, "Spiega perché contesti la decisione") });
export type AppealInput = z.infer<typeof appealSchema>;

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
/** POST /api/moderation/appeals/:id/decision. */
export const appealDecisionSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { message: "Scegli l'esito del ricorso." }),
  reasons: reasons(10, "Motiva l'esito"),
});
export type AppealDecisionInput = z.infer<typeof appealDecisionSchema>;

/** GET /api/moderation/summary.csv?month=YYYY-MM (default: the current month, Europe/Rome). */
export const summaryQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mese non valido (AAAA-MM).")
    .optional(),
});
