/**
 * Optional automatic screening (issue 23): when MODERATION_MODEL is set, the texts and image
 * prompts of what becomes public (a gallery image, a story listed in the gallery, a template)
 * go to an OpenAI-compatible POST {base}/moderations {model, input: string[]} (base
 * MODERATION_BASE_URL or AI_BASE_URL, key MODERATION_API_KEY or AI_API_KEY). A flagged item is
 * stored 'held': it waits for a moderator in 'Segnalazioni' (a report with source 'screening')
 * and its author is told. Without MODERATION_MODEL nothing is screened. If the endpoint fails or
 * is too slow (MODERATION_TIMEOUT_MS), the item is published unscreened and the failure logged:
 * screening is a help to the moderators, reports remain the safety net.
 *
 * Issue 36 finding 7: not only an item's first publication. Every change that alters what a
 * listed story shows the public is screened the same way (screenStoryChange): an edit in place
 * (screened before it is stored, held in its transaction), a new turn of any kind — solo, group,
 * vote, 'Riprova', 'Rigenera', 'Modifica' and re-narrate — and a move of the tip to another branch
 * (screened as soon as they are stored: the narration exists only then). Templates are screened on
 * every edit (templates.routes.ts), gallery pictures when they are made (visualize.service.ts).
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { reasonLabel, type ReportReason } from "../../../shared/schemas/moderation";
import { KIND_LABELS } from "../../../shared/content-kinds";
import { appendAudit } from "../../domain/audit";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { Env } from "../../platform/env";
import type { Logger } from "../../platform/ops/logger";
import { screenedStoryOf } from "../../domain/policies/visibility";
import { publishSitemapChanged } from "../../platform/realtime/live-events";
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
  await appendAudit(trx, { id: null, email: null, ip: null }, "moderation.screening.hold", `${KIND_LABELS[item.kind]} ${item.id} «${item.title}»: trattenuto dal controllo automatico (${categories})`);
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

/** A change to a story, screened (see screenStoryChange). */
export interface StoryScreening {
  /** True when screening flagged the change (the story will be held). */
  readonly flagged: boolean;
  /** Inside the change's transaction: holds the story when flagged. Output: whether it did. */
  hold(trx: Kysely<Database>): Promise<boolean>;
  /** After the commit: the author's notice, and every instance's sitemap and share pages drop the story. Never throws. */
  announce(): Promise<void>;
}

/**
 * Screens a change to a game's story (issue 36 finding 7) when the public sees that story as
 * listed by its owner (policies/visibility.ts screenedStoryOf); any other story costs one query
 * and no screening, as its first publication did not either. Input: deps, the game (its owner
 * already checked) and the texts the change brings (a function: read only when screened).
 * Output: the StoryScreening. Never throws (see screenTexts).
 */
export async function screenStoryChange(deps: NoticeDeps, gameId: string, texts: () => string[] | Promise<string[]>): Promise<StoryScreening> {
  const story = await screenedStoryOf(deps.db, gameId);
  const publication = await screenPublication(deps, story ? await texts() : []);
  const flagged = story !== null && publication.flagged;
  return {
    flagged,
    hold: async (trx) => flagged && publication.hold(trx, { kind: "story", id: story.shareId, title: story.title, authorId: story.authorId }),
    async announce() {
      await publication.announce();
      if (flagged) await publishSitemapChanged(deps.bus).catch((error: unknown) => deps.logger.error({ err: error }, "Mappa del sito non aggiornata"));
    },
  };
}

/**
 * A change already stored (a narration, a move of the tip): screened as screenStoryChange does,
 * and the story held at once when flagged. Failures are logged, never thrown (the change stands).
 */
export async function screenStoredStoryChange(deps: NoticeDeps, gameId: string, texts: () => string[] | Promise<string[]>): Promise<void> {
  try {
    const screening = await screenStoryChange(deps, gameId, texts);
    if (!screening.flagged) return;
    await deps.db.transaction().execute((trx) => screening.hold(trx));
    await screening.announce();
  } catch (error) {
    deps.logger.error({ err: error, gameId }, "Screening della storia non riuscito");
  }
}
