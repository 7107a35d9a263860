/**
 * What the EPUB and the PDF exporters share (issue 13 "The story as a book"): the book cut into
 * chapters as it streams from the database, its pictures read from media storage and re-encoded
 * for a book, back-pressure on the output, the colophon's Italian date and the download's name.
 */

import type { Readable, Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { storySlug } from "../../../shared/slug";
import type { Database } from "../../platform/db/schema";
import type { MediaStorage } from "../../platform/media";
import { type BookBlock, type BookHeader, type BookImage, bookBlocks } from "./book.service";

/** A chapter closes after this many narrations… */
const CHAPTER_NARRATIONS = 20;
/** …or this many pictures, so a chapter's pictures held at once stay few. */
const CHAPTER_IMAGES = 8;

/** Widest picture in a book, in pixels (an A5 page at ~170 dpi; a large e-reader screen). */
const BOOK_IMAGE_WIDTH = 1000;

/** Pictures re-encoded at once. */
const IMAGE_CONCURRENCY = 3;

/** Bytes the output may hold unread before the exporter waits for its reader. */
const OUTPUT_HIGH_WATER = 1 << 20;

/**
 * The book's body cut into chapters, streamed: each chapter holds up to CHAPTER_NARRATIONS
 * narrations or CHAPTER_IMAGES pictures. Output: arrays of blocks, oldest first; none for an
 * empty story.
 */
export async function* bookChapters(db: Kysely<Database>, header: Pick<BookHeader, "gameId" | "reader">): AsyncGenerator<BookBlock[]> {
  let chapter: BookBlock[] = [];
  let narrations = 0;
  let images = 0;
  for await (const block of bookBlocks(db, header.gameId, header.reader)) {
    chapter.push(block);
    if (block.kind === "narration") narrations++;
    if (block.kind === "image") images++;
    if (narrations >= CHAPTER_NARRATIONS || images >= CHAPTER_IMAGES) {
      yield chapter;
      chapter = [];
      narrations = 0;
      images = 0;
    }
  }
  if (chapter.length > 0) yield chapter;
}

/** A picture ready for a book: JPEG or PNG bytes and its size in pixels. */
export interface BookPicture {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  width: number;
  height: number;
}

/** A stored JPEG up to this size goes into the book as it is… */
const PASS_THROUGH_JPEG_BYTES = 1 << 20;
/** …and a PNG up to this one (a larger PNG is a photo-like picture: as JPEG it weighs ~5 times less). */
const PASS_THROUGH_PNG_BYTES = 200 * 1024;

/**
 * One picture read from media storage, ready for a book. A JPEG or a PNG of at most
 * PASS_THROUGH_JPEG_BYTES / PASS_THROUGH_PNG_BYTES and 2 × BOOK_IMAGE_WIDTH pixels wide goes in as stored: both are EPUB core
 * media types; for the PDF only a PNG without alpha channel nor interlacing does, which pdfkit
 * embeds without decoding. Anything else (WebP, GIF, a large picture, a PNG with alpha for the
 * PDF) is re-encoded as JPEG (quality 80) at most BOOK_IMAGE_WIDTH wide, on white, so every
 * e-reader and the PDF can show it.
 * Input: the storage, the picture and the book it is for. Output: the picture, or null when it
 * has no storage key, is absent or cannot be decoded (the book then goes on without it).
 */
export async function bookPicture(media: MediaStorage, image: BookImage, target: "epub" | "pdf"): Promise<BookPicture | null> {
  if (!image.mediaKey) return null;
  try {
    const stored = await media.get(image.mediaKey);
    if (!stored) return null;
    const meta = await sharp(stored.bytes).metadata();
    const asStored =
      meta.width <= 2 * BOOK_IMAGE_WIDTH &&
      ((meta.format === "jpeg" && stored.bytes.length <= PASS_THROUGH_JPEG_BYTES) ||
        (meta.format === "png" && stored.bytes.length <= PASS_THROUGH_PNG_BYTES && (target === "epub" || (!meta.hasAlpha && !meta.isProgressive)))) &&
      (meta.orientation ?? 1) === 1;
    if (asStored) return { bytes: stored.bytes, contentType: meta.format === "png" ? "image/png" : "image/jpeg", width: meta.width, height: meta.height };
    const { data, info } = await sharp(stored.bytes, { animated: false })
      .rotate()
      .resize({ width: BOOK_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * The pictures of a chapter for a book (see bookPicture), IMAGE_CONCURRENCY at a time. Output:
 * media key → picture (keys of pictures that could not be read are absent).
 */
async function chapterPictures(media: MediaStorage, blocks: BookBlock[], target: "epub" | "pdf"): Promise<Map<string, BookPicture>> {
  const images = new Map(blocks.flatMap((b) => (b.kind === "image" && b.image.mediaKey ? [[b.image.mediaKey, b.image] as const] : [])));
  const keys = [...images.keys()];
  const out = new Map<string, BookPicture>();
  for (let i = 0; i < keys.length; i += IMAGE_CONCURRENCY) {
    const batch = keys.slice(i, i + IMAGE_CONCURRENCY);
    const pictures = await Promise.all(batch.map((key) => bookPicture(media, images.get(key)!, target)));
    batch.forEach((key, j) => {
      const picture = pictures[j];
      if (picture) out.set(key, picture);
    });
  }
  return out;
}

/** A chapter with its pictures ready: media key → picture. */
export interface ReadyChapter {
  blocks: BookBlock[];
  pictures: Map<string, BookPicture>;
}

/**
 * The book's chapters (bookChapters) with their pictures ready for `target`, one chapter ahead:
 * the next chapter's pictures are read and re-encoded while the caller lays out the current one.
 * Waits for the reader of `output` before reading each chapter's pictures (see waitForReader), so
 * at most two chapters' pictures are held at once.
 */
export async function* readyChapters(
  db: Kysely<Database>,
  media: MediaStorage,
  header: Pick<BookHeader, "gameId" | "reader">,
  target: "epub" | "pdf",
  output: Readable,
): AsyncGenerator<ReadyChapter> {
  let pending: Promise<ReadyChapter> | null = null;
  for await (const blocks of bookChapters(db, header)) {
    await waitForReader(output);
    const next = chapterPictures(media, blocks, target).then((pictures) => ({ blocks, pictures }));
    if (pending) yield await pending;
    pending = next;
  }
  if (pending) yield await pending;
}

/** Thrown inside an exporter when its reader went away: the export stops quietly. */
export class ReaderGone extends Error {
  constructor() {
    super("Il download è stato interrotto.");
  }
}

/** Bytes written to `stream` and not yet read: its readable buffer, plus the writable one of a PassThrough. */
function unread(stream: Readable): number {
  return stream.readableLength + ((stream as Readable & Partial<Writable>).writableLength ?? 0);
}

/**
 * Waits while `stream` holds more than OUTPUT_HIGH_WATER bytes its reader has not taken, so an
 * exporter never runs ahead of a slow download (bounded memory). Throws {@link ReaderGone} once
 * the stream is destroyed (the download was cancelled).
 */
export async function waitForReader(stream: Readable): Promise<void> {
  while (!stream.destroyed && unread(stream) > OUTPUT_HIGH_WATER) await sleep(5);
  if (stream.destroyed) throw new ReaderGone();
}

/** Characters no file system takes in a name (and control characters): dropped from the UTF-8 name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * Content-Disposition of a download: `attachment; filename="<ascii slug>.<ext>"; filename*=UTF-8''<title>.<ext>`
 * (RFC 6266 with the RFC 5987 encoding, so an accented title keeps its letters where the browser
 * supports it). Input: the book's title and the extension. Output: the header value.
 */
export function attachmentDisposition(title: string, extension: "epub" | "pdf"): string {
  const ascii = `${storySlug(title)}.${extension}`;
  const utf8 = encodeURIComponent(`${title.replace(NOT_IN_FILE_NAMES, "").trim() || "storia"}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
