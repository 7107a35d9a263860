/**
 * 'Utilizzo AI' in the admin console (issue 20 §4): the query of GET /api/admin/usage, shared by
 * the web page and the server route, and the report it answers.
 */

import { z } from "zod";

/** Longest range of one report, days (a year and a day). */
export const MAX_USAGE_RANGE_DAYS = 366;

/** Players listed in 'Chi ha usato di più'. */
export const TOP_PLAYERS = 10;

/** Purposes of a provider call, with their Italian labels. */
export const AI_PURPOSE_LABELS = { narration: "Narrazione", memory: "Memoria", image: "Immagini", helper: "Assistenti" } as const;

const day = z.string({ error: "Data non valida." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Data non valida: usa il formato AAAA-MM-GG.").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Data non valida.");

/** GET /api/admin/usage?from&to: Rome days YYYY-MM-DD, both included (either may be left out). */
export const aiUsageQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "La data iniziale deve precedere quella finale.", path: ["from"] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_USAGE_RANGE_DAYS, {
    message: `L'intervallo può coprire al massimo ${MAX_USAGE_RANGE_DAYS} giorni.`,
    path: ["to"],
  });

export type AiUsageQuery = z.output<typeof aiUsageQuerySchema>;

/** Tokens of a set of calls, with their estimated cost in euro (null when no price is set). */
export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cost: number | null;
}

export interface AiUsageView {
  /** The range shown, Rome days, both included. */
  from: string;
  to: string;
  /** Tokens per day and model, oldest day first. */
  days: (UsageTotals & { day: string; model: string })[];
  /** Tokens per purpose over the range. */
  purposes: (UsageTotals & { purpose: keyof typeof AI_PURPOSE_LABELS })[];
  /** The players who used most tokens over the range (at most TOP_PLAYERS); null id: erased accounts and calls of no player. */
  players: (UsageTotals & { userId: string | null; email: string | null; nickname: string | null })[];
  total: UsageTotals;
  /** Euro per million tokens (AI_PRICE_INPUT / AI_PRICE_OUTPUT), null when not set. */
  prices: { input: number | null; output: number | null };
  /** Today's budget (AI_DAILY_TOKEN_BUDGET; limit 0 = none): tokens used today and whether new turns are refused. */
  budget: { limit: number; usedToday: number; exhausted: boolean };
}
