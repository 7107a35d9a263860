/**
 * Optional automatic screening (issue 23): when MODERATION_MODEL is set, the texts and image
 * prompts of what becomes public (a gallery image, a story listed in the gallery, a template)
 * go to an OpenAI-compatible POST {base}/moderations {model, input: string[]} (base
 * MODERATION_BASE_URL or AI_BASE_URL, key MODERATION_API_KEY or AI_API_KEY). A flagged item is
 * stored 'held': it waits for a moderator in 'Segnalazioni' (a report with source 'screening')
 * and its author is told. Without MODERATION_MODEL nothing is screened. If the endpoint fails or
 * is too slow (MODERATION_TIMEOUT_MS), the item is published unscreened and the failure logged:
 * screening is a help to the moderators, reports remain the safety net.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { reasonLabel, type ReportReason } from "../../../shared/schemas/moderation";
import { appendAudit } from "../../audit";
import { nowIso } from "../../clock";
import type { Database } from "../../db/schema";
import type { Env } from "../../env";
import type { Logger } from "../../ops/logger";
import { type ContentItem, setContentState } from "./content";
import { AfterCommit, type NoticeDeps, notifyUser } from "./notices";

/** What one screening found: flagged, and the categories the model named. */
export interface ScreeningResult {
  flagged: boolean;
  categories: string[];
}

/** Longest text of one input, and inputs per call (a long story is screened up to about 32,000 characters). */
const CHUNK_CHARS = 4000;
const MAX_CHUNKS = 8;

/** The endpoint's answer, as far as it is read (OpenAI's moderation object). */
const moderationAnswer = z.object({
  results: z.array(z.object({ flagged: z.boolean(), categories: z.record(z.string(), z.boolean().nullable()).default({}) })).min(1),
});

/** Splits texts into inputs of at most CHUNK_CHARS characters, at most MAX_CHUNKS of them. */
export function screeningInputs(texts: string[]): string[] {
  const inputs: string[] = [];
  for (const text of texts.map((t) => t.trim()).filter(Boolean)) {
    for (let i = 0; i < text.length && inputs.length < MAX_CHUNKS; i += CHUNK_CHARS) inputs.push(text.slice(i, i + CHUNK_CHARS));
  }
  return inputs;
}

/**
 * Screens texts. Input: the env (MODERATION_*), the texts and the log. Output: the result, or
 * null when screening is off (no MODERATION_MODEL), there is nothing to screen, or the endpoint
 * failed (logged).
 */
export async function screenTexts(env: Env, texts: string[], logger: Logger): Promise<ScreeningResult | null> {
  const model = env.MODERATION_MODEL;
  const base = env.MODERATION_BASE_URL ?? env.AI_BASE_URL;
  const input = screeningInputs(texts);
  if (!model || !base || input.length === 0) return null;
  const key = env.MODERATION_API_KEY ?? env.AI_API_KEY;
  try {
    const response = await fetch(`${base.replace(/\/+$/, "")}/moderations`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ model, input }),
      signal: AbortSignal.timeout(env.MODERATION_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { results } = moderationAnswer.parse(await response.json());
    const categories = [...new Set(results.flatMap((r) => Object.entries(r.categories).filter(([, on]) => on).map(([name]) => name)))];
    return { flagged: results.some((r) => r.flagged), categories };
  } catch (error) {
    logger.warn({ err: error }, "Screening automatico non riuscito, contenuto pubblicato senza controllo");
    return null;
  }
}

/** The report reason closest to the model's categories (OpenAI's names; unknown ones → 'altro'). */
export function reasonOfCategories(categories: string[]): ReportReason {
  const has = (prefix: string) => categories.some((c) => c.startsWith(prefix));
  if (has("sexual")) return "sessuale_minori";
  if (has("hate") || has("harassment")) return "odio_molestie";
  if (has("violence") || has("self-harm")) return "violenza";
  if (has("illicit")) return "illegale";
  return "altro";
}

/**
 * Inside the transaction that makes an item public: when `result` flagged it, the item becomes
 * 'held', a report with source 'screening' opens in the queue, the hold is audited, and the
 * author (if any) is told in the bell and by e-mail. Nothing happens for a clean or missing result.
 * Input: deps, the transaction, the AfterCommit of the change, the item and the result.
 */
export async function holdIfFlagged(
  deps: NoticeDeps,
  trx: Kysely<Database>,
  after: AfterCommit,
  item: Pick<ContentItem, "kind" | "id" | "title" | "authorId">,
  result: ScreeningResult | null,
): Promise<boolean> {
  if (!result?.flagged) return false;
  await setContentState(trx, item, "held", null);
  const reason = reasonOfCategories(result.categories);
  const now = nowIso();
  const categories = result.categories.join(", ") || "non specificate";
  await trx
    .insertInto("content_reports")
    .values({
      id: randomUUID(),
      content_kind: item.kind,
      content_id: item.id,
      source: "screening",
      reason,
      explanation: `Segnalato dal controllo automatico (categorie: ${categories}).`,
      good_faith: 0,
      reporter_user_id: null,
      reporter_email: null,
      reporter_ip: null,
      open_key: `${item.kind}:${item.id}:screening`,
      status: "open",
      decision_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("open_key").doUpdateSet({ updated_at: now }))
    .execute();
  await appendAudit(trx, { id: null, email: null, ip: null }, "moderation.screening.hold", `${item.kind} ${item.id} «${item.title}»: trattenuto dal controllo automatico (${categories})`);
  if (item.authorId) {
    await notifyUser(deps, trx, after, item.authorId, {
      title: "Contenuto in revisione",
      content:
        `«${item.title}» è stato segnalato dal controllo automatico per il motivo «${reasonLabel(reason)}» e per ora non è pubblico. ` +
        "Un moderatore lo esaminerà presto: se non viola né la legge né le regole del sito sarà pubblicato, e ti faremo sapere la decisione con le sue motivazioni.",
      url: null,
      mailSubject: `Il tuo contenuto è in revisione su ${deps.env.BRAND_NAME}.ai`,
    });
  }
  return true;
}

/**
 * What becomes public, screened once before the change that publishes it (issue 23). Usage: the
 * caller screens first (screenPublication), then inside the publishing transaction calls
 * hold(trx, item) — a no-op unless the texts were flagged — and after the commit announce(),
 * which sends the author's notice.
 */
export class Publication {
  private readonly after = new AfterCommit();

  constructor(
    private readonly deps: NoticeDeps,
    readonly result: ScreeningResult | null,
  ) {}

  /** True when screening flagged the texts (the item will be held). */
  get flagged(): boolean {
    return Boolean(this.result?.flagged);
  }

  /** Inside the publishing transaction: holds the item when flagged. Output: whether it did. */
  hold(trx: Kysely<Database>, item: Pick<ContentItem, "kind" | "id" | "title" | "authorId">): Promise<boolean> {
    return holdIfFlagged(this.deps, trx, this.after, item, this.result);
  }

  /** After the commit: the author's notice (live event, e-mail). Never throws. */
  announce(): Promise<void> {
    return this.after.run(this.deps.logger);
  }
}

/** Screens `texts` (none: nothing to screen) for a publication. Never throws (see screenTexts). */
export async function screenPublication(deps: NoticeDeps, texts: string[]): Promise<Publication> {
  return new Publication(deps, texts.length > 0 ? await screenTexts(deps.env, texts, deps.logger) : null);
}
