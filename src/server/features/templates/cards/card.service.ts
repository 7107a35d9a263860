/**
 * Character cards in and out of scenarios (issue 40 §3; ADR 0027): the import makes a private
 * draft of the player's (saved_games: is_template = 1, draft = 1, user_id = the player; never
 * published nor screened here — publishing screens it); the export reads any scenario the caller
 * may see (policies/visibility.ts) back as a V3 card, as JSON or inside a PNG.
 */

import type { Kysely } from "kysely";
import sharp from "sharp";
import { overLimit } from "../../../../shared/file-size";
import { MAX_CARD_JSON_BYTES, MAX_CARD_PNG_BYTES } from "../../../../shared/schemas/character-card";
import { DEFAULT_PROMPT_BUDGET } from "../../../../shared/schemas/memory";
import { TEMPLATE_FORM_DEFAULTS } from "../../../../shared/schemas/template";
import type { AppDeps } from "../../../domain/context";
import { parseStoryCards } from "../../../domain/memory/cards";
import { assertShownAt, type Viewer } from "../../../domain/policies/visibility";
import { parseStoredTopics } from "../../../platform/db/topics";
import type { Database } from "../../../platform/db/schema";
import { AppError } from "../../../platform/errors";
import { keyFromMediaUrl, siteOriginOf } from "../../../platform/media/media-storage";
import { newCoverKey } from "../cover";
import { saveDraft } from "../scenarios.service";
import { initialPromptOf } from "../templates.service";
import { cardError, cardV2Of, cardV3Of, type DraftFields, draftFromCardText, parseRawCard } from "./card-format";
import { cardTextOfPng, isPng, plainPng, pngWithCard } from "./card-png";

type Db = Kysely<Database>;

/** An uploaded card: its bytes and how it came (a multipart file or a JSON body). */
export interface CardUpload {
  bytes: Uint8Array;
  /** The file's name ('' for a JSON body). */
  name: string;
}

/**
 * Reads an uploaded card. Input: the upload. Output: the draft's fields and, for a PNG, its image
 * (card chunks and metadata stripped by re-encoding) to keep as the cover. Throws 400
 * CARD_INVALID naming the problem: over the size limit (2 MB PNG, 512 KB JSON), neither PNG nor
 * JSON, a PNG without a card (`ccv3`/`chara`), an unreadable PNG, a card failing its schema.
 */
export async function readCardUpload(upload: CardUpload): Promise<{ fields: DraftFields; image: Buffer | null }> {
  const { bytes } = upload;
  if (bytes.length === 0) throw cardError("Il file è vuoto.");
  if (isPng(bytes)) {
    if (bytes.length > MAX_CARD_PNG_BYTES) throw cardError(overLimit("L'immagine", MAX_CARD_PNG_BYTES));
    let text: string | null;
    try {
      text = cardTextOfPng(bytes);
    } catch {
      throw cardError("L'immagine PNG è danneggiata e non si può leggere.");
    }
    if (text === null) throw cardError("L'immagine PNG non contiene una scheda personaggio (nessun campo «ccv3» o «chara»).");
    const fields = draftFromCardText(text);
    const image = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .png()
      .toBuffer()
      .catch(() => null);
    return { fields, image };
  }
  const text = Buffer.from(bytes).toString("utf8");
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") throw cardError("Il file non è né un'immagine PNG né un file JSON: importa una scheda .png o .json.");
  if (bytes.length > MAX_CARD_JSON_BYTES) throw cardError(overLimit("Il file JSON", MAX_CARD_JSON_BYTES));
  return { fields: draftFromCardText(text), image: null };
}

/**
 * Saves an imported card as the player's private draft through the one draft maker
 * (scenarios.service.ts saveDraft: the drafts-per-day allowance is checked before the cover is
 * stored). Input: the services (database, media), the player, the fields and the PNG's image
 * (stored as the cover under covers/…). Output: the draft's id. The draft carries the site's
 * default narration settings. Throws 429 SCENARIO_DRAFT_LIMIT.
 */
export async function insertDraft(deps: Pick<AppDeps, "db" | "media">, userId: string, fields: DraftFields, image: Buffer | null): Promise<string> {
  const d = TEMPLATE_FORM_DEFAULTS;
  const storeCover = async () => {
    if (!image) return null;
    return (await deps.media.put(newCoverKey("png"), image, "image/png")).url;
  };
  const { id } = await saveDraft(
    deps.db,
    userId,
    {
      title: fields.title,
      genre: fields.genre,
      description: fields.description,
      content: null,
      system_prompt: null,
      temperature: d.temperature,
      max_tokens: d.max_tokens,
      response_style: d.response_style,
      story_pacing: d.story_pacing,
      interaction_style: d.interaction_style,
      context_memory: d.context_memory,
      special_instructions: fields.special_instructions,
      forbidden_topics: JSON.stringify([]),
      cover_image_url: null,
      prompt_budget: DEFAULT_PROMPT_BUDGET,
      story_cards: fields.story_cards.length > 0 ? JSON.stringify(fields.story_cards) : null,
      first_message: fields.first_message,
      alternate_openings: fields.alternate_openings.length > 0 ? JSON.stringify(fields.alternate_openings) : null,
      raw_card: JSON.stringify(fields.raw_card),
    },
    storeCover,
  );
  return id;
}

/**
 * A scenario as a V3 card, for a viewer who may see it (its author for a draft or a held one;
 * anyone for a visible or restricted one). Output: the card and the row's cover URL. Throws 404
 * TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW as the template's page.
 */
export async function scenarioCard(db: Db, templateId: string, viewer: Viewer): Promise<{ card: Record<string, unknown>; cover: string | null }> {
  await assertShownAt(db, "template", templateId, viewer, () => AppError.of("TEMPLATE_NOT_FOUND", 404));
  const row = await db.selectFrom("saved_games").selectAll().where("id", "=", templateId).where("is_template", "=", 1).executeTakeFirst();
  if (!row) throw AppError.of("TEMPLATE_NOT_FOUND", 404);
  const card = cardV3Of({
    title: row.title,
    genre: row.genre,
    description: row.description,
    first_message: row.first_message,
    // A stored JSON string[], read like the forbidden topics.
    alternate_openings: parseStoredTopics(row.alternate_openings),
    story_cards: parseStoryCards(row.story_cards),
    raw_card: parseRawCard(row.raw_card),
    initial_prompt: initialPromptOf(row.content),
    system_prompt: row.system_prompt,
  });
  return { card, cover: row.cover_image_url };
}

/**
 * The card as a PNG: the cover (our stored file, re-encoded as PNG) or a plain image when there is
 * none or it cannot be read, with the V3 card in `ccv3` and its V2 copy in `chara`.
 */
export async function cardPng(deps: Pick<AppDeps, "media" | "env">, card: Record<string, unknown>, cover: string | null): Promise<Buffer> {
  let image: Buffer | null = null;
  const key = cover ? keyFromMediaUrl(cover, siteOriginOf(deps.env.PUBLIC_URL)) : null;
  if (key) {
    const stored = await deps.media.get(key).catch(() => null);
    if (stored) image = await sharp(stored.bytes).png().toBuffer().catch(() => null);
  }
  return pngWithCard(image ?? plainPng(), JSON.stringify(card), JSON.stringify(cardV2Of(card)));
}
