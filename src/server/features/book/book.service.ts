/**
 * The story as a book (issue 13 "The story as a book"; ADR 0008): a game's CURRENT PATH read as
 * prose: the narrations as typeset paragraphs (their A), B), C) choices and markdown markers
 * stripped), the player's choices and free texts between them (set in italics by the renderers),
 * and the scene images at their place with their titles. Read by the EPUB and PDF exporters
 * (export.service.ts) and the public reading page.
 *
 * Nothing here authorises: callers check who may read the game first. Who reads it (a Reader:
 * the public, a member, moderation) decides which pictures it holds (policies/visibility.ts,
 * issue 36 finding 4: a removed or held picture is never in a public page or in another member's
 * book). Texts are plain strings (never HTML): each renderer escapes them.
 */

import type { Kysely } from "kysely";
import { extractChoices } from "../../../shared/choices";
import { parsePlayerAction } from "../../../shared/commands";
import { type GenreName, resolveGenre } from "../../../shared/genres";
import { readChoiceBlock } from "../../domain/ai/choice-contract";
import type { Database } from "../../platform/db/schema";
import { keyFromMediaUrl } from "../../platform/media";
import { picturesHiddenFrom, type Reader } from "../../domain/policies/visibility";
import { currentPathIdList } from "../../domain/story/story-tree";
import { isStorableId } from "../../platform/validation";
import { italianTypography } from "./typography";

type Db = Kysely<Database>;

export interface BookImage {
  /** The stored URL (/media/<key>, or an https cover elsewhere). */
  url: string;
  /** The media storage key behind `url`; null when the picture is not stored by the site (then it cannot be embedded). */
  mediaKey: string | null;
  /** The picture's title (typeset). */
  title: string;
  /** Pixels, when known (generated_images). */
  width: number | null;
  height: number | null;
}

export type BookBlock =
  /** Typeset narration paragraphs, without the choices list and markdown markers. */
  | { kind: "narration"; paragraphs: string[] }
  /** The player's choice (the chosen option's text) or free text, typeset; rendered in italics. */
  | { kind: "choice"; text: string }
  /** A scene image at its place on the path, with its title. */
  | { kind: "image"; image: BookImage };

/** Everything about the book but its body. */
export interface BookHeader {
  gameId: string;
  /** The game's title (typeset). */
  title: string;
  genre: GenreName;
  /** The template the game was started from; null for a genre or custom game (or a template since deleted). */
  templateId: string | null;
  createdAt: Date;
  /** When the story last changed: its last turn (last_played), else the row's updated_at. */
  updatedAt: Date;
  /** The game's cover (a template's), else the latest scene image on the current path the reader may see; null when neither exists. */
  cover: BookImage | null;
  /** Who reads the book: its pictures are those this reader may see. */
  reader: Reader;
}

export interface Book extends BookHeader {
  blocks: BookBlock[];
}

/** Messages read per query while walking the path. */
const PAGE_SIZE = 200;

/** Path messages read before a page of the book, for the narration its first choice answers (a picture may sit between them). */
const LOOKBACK = 4;

/**
 * The book's header: title, genre, template, dates and cover, for `reader`. No authorisation:
 * callers authorise. Output: {@link BookHeader}, or null when the game does not exist (or is a template).
 */
export async function loadBookHeader(db: Db, gameId: string, reader: Reader): Promise<BookHeader | null> {
  if (!isStorableId(gameId)) return null;
  const game = await db
    .selectFrom("saved_games as g")
    // A template since deleted (no foreign key, migration 0014) reads as none.
    .leftJoin("saved_games as t", (join) => join.onRef("t.id", "=", "g.template_id").on("t.is_template", "=", 1).on("t.draft", "=", 0))
    .select(["g.id", "g.title", "g.genre", "t.id as template_id", "g.created_at", "g.updated_at", "g.last_played", "g.cover_image_url", "g.tip_message_id"])
    .where("g.id", "=", gameId)
    .where("g.is_template", "=", 0)
    .executeTakeFirst();
  if (!game) return null;
  const cover = game.cover_image_url ? await coverOf(db, game.cover_image_url, game.title, reader) : await latestSceneImage(db, game.id, game.tip_message_id, reader);
  return {
    gameId: game.id,
    title: italianTypography(game.title),
    genre: resolveGenre(game.genre),
    templateId: game.template_id,
    createdAt: new Date(game.created_at),
    updatedAt: new Date(game.last_played ?? game.updated_at),
    cover,
    reader,
  };
}

/**
 * Loads the story along its CURRENT PATH (the story is a tree: ADR 0008) for `reader`. No
 * authorisation: callers authorise. Output: {@link Book}, or null when the game does not exist.
 * Holds the whole book in memory: exporters of long stories use {@link loadBookHeader} and {@link bookBlocks}.
 */
export async function loadBook(db: Db, gameId: string, reader: Reader): Promise<Book | null> {
  const header = await loadBookHeader(db, gameId, reader);
  if (!header) return null;
  const blocks: BookBlock[] = [];
  for await (const block of bookBlocks(db, gameId, reader)) blocks.push(block);
  return { ...header, blocks };
}

/**
 * The body of the book, oldest first, read in pages of PAGE_SIZE messages along the current path
 * (only the path's ids are held, so memory stays bounded whatever the story's length).
 * '/inizia', '/nuovo' and '/visualizza' give no block (the picture that follows '/visualizza' is
 * its own block); a choice ('/A') becomes the text of that option in the narration it answers
 * ('Scelta A' when that narration has no such option); empty narrations give no block; a
 * picture `reader` may not see gives no block. No authorisation: callers authorise. A missing
 * game yields nothing.
 */
export async function* bookBlocks(db: Db, gameId: string, reader: Reader): AsyncGenerator<BookBlock> {
  const ids = await bookPathIds(db, gameId);
  if (ids) yield* pathBlocks(db, gameId, ids, 0, reader);
}

/** The ids of the game's current path, oldest first; null for an id that cannot be stored or an unknown game. */
async function bookPathIds(db: Db, gameId: string): Promise<string[] | null> {
  if (!isStorableId(gameId)) return null;
  const game = await db.selectFrom("saved_games").select("tip_message_id").where("id", "=", gameId).executeTakeFirst();
  return game ? currentPathIdList(db, gameId, game.tip_message_id) : null;
}

/**
 * The blocks of the path messages `ids` (oldest first), read PAGE_SIZE at a time, with the
 * pictures `reader` may see; the first `skip` messages give no block (they only tell which
 * narration a choice answers).
 */
async function* pathBlocks(db: Db, gameId: string, ids: string[], skip: number, reader: Reader): AsyncGenerator<BookBlock> {
  let previousNarration: string | undefined;
  for (let offset = 0; offset < ids.length; offset += PAGE_SIZE) {
    const page = ids.slice(offset, offset + PAGE_SIZE);
    const messages = await db
      .selectFrom("chat_messages")
      .select(["id", "role", "content", "image_url", "depth"])
      .where("game_id", "=", gameId)
      .where("id", "in", page)
      .orderBy("depth", "asc")
      .execute();
    const urls = messages.map((m) => m.image_url).filter((url): url is string => url !== null);
    const [images, hidden] = await Promise.all([imageRows(db, urls), picturesHiddenFrom(db, urls, reader)]);
    for (const [index, m] of messages.entries()) {
      const shown = offset + index >= skip;
      if (m.role === "assistant" && m.image_url !== null) {
        if (shown && !hidden.has(m.image_url)) yield { kind: "image", image: bookImage(m.image_url, m.content, images.get(m.image_url)) };
      } else if (m.role === "assistant") {
        previousNarration = m.content;
        const paragraphs = shown ? narrationParagraphs(m.content) : [];
        if (paragraphs.length > 0) yield { kind: "narration", paragraphs };
      } else if (shown) {
        const text = playerText(m.content, previousNarration);
        if (text) yield { kind: "choice", text: italianTypography(text) };
      }
    }
  }
}

/** One page of the book: its blocks, its number (1-based) and how many pages the book has. */
export interface BookPage {
  blocks: BookBlock[];
  page: number;
  pages: number;
}

/**
 * Page `page` (1-based) of the book when every page holds `size` messages of the current path
 * (issue 19 finding 5: the public reading page is read by page), for `reader`. Reads only that
 * page's messages and the LOOKBACK before it (the narration its first choice answers). No
 * authorisation: callers authorise. Output: {@link BookPage} (an empty story has one empty page),
 * or null when the game does not exist or the page is past the last one.
 */
export async function loadBookPage(db: Db, gameId: string, page: number, size: number, reader: Reader): Promise<BookPage | null> {
  const ids = await bookPathIds(db, gameId);
  if (!ids) return null;
  const pages = Math.max(1, Math.ceil(ids.length / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  const from = (page - 1) * size;
  const before = Math.min(from, LOOKBACK);
  const blocks: BookBlock[] = [];
  for await (const block of pathBlocks(db, gameId, ids.slice(from - before, from + size), before, reader)) blocks.push(block);
  return { blocks, page, pages };
}

/**
 * What the book's text depends on, as one string that changes whenever the story does: the
 * current path's tip, the game's last change and last turn, and its latest in-place edit
 * ('Modifica' leaves the tip as it is). Input: a game id. Output: the string, or null for an
 * unknown game. One query (the edits are found on chat_messages' game_id index).
 */
export async function bookVersion(db: Db, gameId: string): Promise<string | null> {
  if (!isStorableId(gameId)) return null;
  const row = await db
    .selectFrom("saved_games as g")
    .select((eb) => [
      "g.tip_message_id",
      "g.updated_at",
      "g.last_played",
      "g.title",
      "g.cover_image_url",
      eb.selectFrom("chat_messages as m").select((m) => m.fn.max("m.edited_at").as("edited")).whereRef("m.game_id", "=", "g.id").as("edited"),
    ])
    .where("g.id", "=", gameId)
    .executeTakeFirst();
  return row ? JSON.stringify([row.tip_message_id, row.updated_at, row.last_played, row.title, row.cover_image_url, row.edited]) : null;
}

/** What the player did, as the book tells it; null for commands that tell nothing ('Continua', issue 38 §4: the two narrations read as one story). */
function playerText(content: string, answered: string | undefined): string | null {
  const action = parsePlayerAction(content);
  switch (action.kind) {
    case "start":
    case "new":
    case "visualize":
    case "continue":
      return null;
    case "choice":
      return (answered ? extractChoices(answered)[action.letter] : undefined) ?? `Scelta ${action.letter}`;
    case "free":
      return action.text || null;
  }
}

/**
 * A narration as book paragraphs: its trailing choice block removed (readChoiceBlock, as the
 * story map reads it), markdown markers stripped, one paragraph per non-empty line, typeset.
 * Input: the stored narration (markdown). Output: typeset paragraphs (possibly none).
 */
export function narrationParagraphs(content: string): string[] {
  const { prose } = readChoiceBlock(content);
  return prose
    .split(/\r?\n/)
    .map(stripMarkdown)
    .filter((line) => line.length > 0)
    .map(italianTypography);
}

/**
 * One line of markdown as plain text: images dropped, links kept as their text, headings,
 * blockquotes, '*'/'+'/'•' bullets, emphasis, inline code and horizontal rules removed. A line
 * opening with '- ' is kept: in Italian narration it is a line of dialogue (typeset as an em dash).
 */
function stripMarkdown(line: string): string {
  const text = line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/, "")
    .replace(/^\s*(?:>\s*)+/, "")
    .replace(/^\s*[*+•]\s+/, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}*_])([*_])(?=\S)(.+?)(?<=\S)\2(?![\p{L}\p{N}])/gu, "$1$3")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .trim();
  return /^([-*_])(\s*\1){2,}$/.test(text) ? "" : text;
}

interface ImageRow {
  image_url: string;
  prompt: string | null;
  width: number | null;
  height: number | null;
}

/** The gallery rows (title, size) of the given picture URLs, by URL. */
async function imageRows(db: Db, urls: string[]): Promise<Map<string, ImageRow>> {
  if (urls.length === 0) return new Map();
  const rows = await db.selectFrom("generated_images").select(["image_url", "prompt", "width", "height"]).where("image_url", "in", [...new Set(urls)]).execute();
  return new Map(rows.map((r) => [r.image_url, r]));
}

/** A picture of the book: the message's title (else the gallery's), its storage key and size. */
function bookImage(url: string, title: string, row: ImageRow | undefined): BookImage {
  return {
    url,
    mediaKey: keyFromMediaUrl(url, undefined),
    title: italianTypography((title.trim() || row?.prompt?.trim()) ?? ""),
    width: row?.width ?? null,
    height: row?.height ?? null,
  };
}

/** The game's own cover (a template's picture), titled with the game's title; null when `reader` may not see it. */
async function coverOf(db: Db, url: string, title: string, reader: Reader): Promise<BookImage | null> {
  if ((await picturesHiddenFrom(db, [url], reader)).has(url)) return null;
  const row = (await imageRows(db, [url])).get(url);
  return bookImage(url, title, row);
}

/** The latest scene image on the current path that `reader` may see, or null. */
async function latestSceneImage(db: Db, gameId: string, tipId: string | null, reader: Reader): Promise<BookImage | null> {
  const ids = await currentPathIdList(db, gameId, tipId);
  for (let end = ids.length; end > 0; end -= PAGE_SIZE) {
    const pictures = await db
      .selectFrom("chat_messages")
      .select(["content", "image_url"])
      .where("game_id", "=", gameId)
      .where("id", "in", ids.slice(Math.max(0, end - PAGE_SIZE), end))
      .where("image_url", "is not", null)
      .orderBy("depth", "desc")
      .execute();
    const hidden = await picturesHiddenFrom(db, pictures.map((p) => p.image_url!), reader);
    const found = pictures.find((p) => !hidden.has(p.image_url!));
    if (found?.image_url) return bookImage(found.image_url, found.content, (await imageRows(db, [found.image_url])).get(found.image_url));
  }
  return null;
}
