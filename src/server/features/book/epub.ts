/**
 * The story as an EPUB 3 book (issue 13 "The story as a book"), streamed: a zip (yazl) whose
 * first entry is `mimetype`, stored uncompressed with no extra field, then META-INF/container.xml,
 * the cover page, the chapters and their pictures as they are read from the database, and last
 * the colophon, the navigation document and the package document (which list everything written
 * before them; their place in the zip does not matter to readers).
 *
 * Layout: OEBPS/content.opf, OEBPS/nav.xhtml, OEBPS/style.css, OEBPS/cover.xhtml,
 * OEBPS/chapter-NNN.xhtml, OEBPS/colophon.xhtml, OEBPS/images/*.jpg|png. Every text is escaped
 * (never markup from the player or the model); choices are <p class="choice"><em>…</em></p>,
 * pictures <figure><img/><figcaption/></figure>.
 */

import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { ZipFile } from "yazl";
import type { Database } from "../../platform/db/schema";
import type { MediaStorage } from "../../platform/media";
import type { BookBlock, BookHeader } from "./book.service";
import { COLOPHON_TEXT } from "./colophon";
import { type BookPicture, bookPicture, ReaderGone, readyChapters } from "./export-support";
import { italianDay } from "../../../shared/italian-date";

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF): dropped. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text escaped for XML content and attribute values. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2 { font-weight: normal; text-align: center; page-break-after: avoid; }
h1 { font-size: 1.8em; margin: 3em 0 0.5em; }
h2 { font-size: 1.3em; margin: 2em 0 1.5em; }
p { margin: 0; text-indent: 1.2em; text-align: justify; hyphens: auto; -epub-hyphens: auto; }
p.choice { margin: 0.8em 0; text-indent: 0; }
figure { margin: 1.5em 0; text-align: center; page-break-inside: avoid; }
figure img { max-width: 100%; max-height: 80vh; }
figcaption { font-style: italic; font-size: 0.9em; margin-top: 0.4em; }
.cover, .colophon { text-align: center; }
.cover .genre { text-indent: 0; text-align: center; font-variant: small-caps; letter-spacing: 0.05em; margin: 0.5em 0 2em; }
.cover img { max-width: 100%; max-height: 60vh; }
.colophon p { text-indent: 0; text-align: center; margin-top: 40vh; }
.colophon p + p { margin-top: 0.5em; }
`;

/** An XHTML content document with the book's language and style. */
function xhtml(title: string, body: string, bodyClass?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="it" lang="it">
<head>
<meta charset="UTF-8"/>
<title>${xmlText(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body${bodyClass ? ` class="${bodyClass}"` : ""}>
${body}
</body>
</html>
`;
}

/** A picture as a figure with its title. */
function figure(src: string, title: string): string {
  const caption = title ? `<figcaption>${xmlText(title)}</figcaption>` : "";
  return `<figure><img src="${src}" alt="${xmlText(title || "Illustrazione")}"/>${caption}</figure>`;
}

/** One chapter's body: paragraphs, choices in italics, pictures (those that could be read). */
function chapterBody(number: number, blocks: BookBlock[], files: ReadonlyMap<string, string>): string {
  const parts = [`<section epub:type="chapter" id="capitolo-${number}">`, `<h2>Capitolo ${number}</h2>`];
  for (const block of blocks) {
    if (block.kind === "narration") parts.push(...block.paragraphs.map((p) => `<p>${xmlText(p)}</p>`));
    else if (block.kind === "choice") parts.push(`<p class="choice"><em>${xmlText(block.text)}</em></p>`);
    else {
      const file = block.image.mediaKey ? files.get(block.image.mediaKey) : undefined;
      if (file) parts.push(figure(file, block.image.title));
    }
  }
  parts.push("</section>");
  return parts.join("\n");
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

interface ManifestItem {
  id: string;
  href: string;
  mediaType: string;
  properties?: string;
}

/** The package document: metadata (language it, title, modified), manifest and spine. */
function packageDocument(header: BookHeader, items: ManifestItem[], spine: string[], now: Date): string {
  const modified = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const coverImage = items.find((i) => i.properties === "cover-image");
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="it">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${xmlText(header.gameId)}</dc:identifier>
<dc:title>${xmlText(header.title)}</dc:title>
<dc:language>it</dc:language>
<dc:creator>Storie.ai</dc:creator>
<dc:publisher>Storie.ai</dc:publisher>
<dc:subject>${xmlText(header.genre)}</dc:subject>
<dc:date>${header.updatedAt.toISOString().slice(0, 10)}</dc:date>
<meta property="dcterms:modified">${modified}</meta>
${coverImage ? `<meta name="cover" content="${coverImage.id}"/>\n` : ""}</metadata>
<manifest>
${items.map((i) => `<item id="${i.id}" href="${i.href}" media-type="${i.mediaType}"${i.properties ? ` properties="${i.properties}"` : ""}/>`).join("\n")}
</manifest>
<spine>
${spine.map((id) => `<itemref idref="${id}"/>`).join("\n")}
</spine>
</package>
`;
}

/** The navigation document: the cover, every chapter and the colophon. */
function navigationDocument(chapters: number): string {
  const entries = [`<li><a href="cover.xhtml">Copertina</a></li>`];
  for (let n = 1; n <= chapters; n++) entries.push(`<li><a href="${chapterFile(n)}">Capitolo ${n}</a></li>`);
  entries.push(`<li><a href="colophon.xhtml">Colophon</a></li>`);
  return xhtml(
    "Indice",
    `<nav epub:type="toc" id="toc">
<h2>Indice</h2>
<ol>
${entries.join("\n")}
</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden">
<ol>
<li><a epub:type="cover" href="cover.xhtml">Copertina</a></li>
${chapters > 0 ? `<li><a epub:type="bodymatter" href="${chapterFile(1)}">Inizio</a></li>\n` : ""}</ol>
</nav>`,
  );
}

const chapterFile = (n: number) => `chapter-${String(n).padStart(3, "0")}.xhtml`;

/**
 * Streams the game's book as an EPUB 3 file. The header comes from loadBookHeader (the caller
 * authorised); the body is read chapter by chapter while the zip is written, waiting for the
 * reader (bounded memory). Input: database, media storage, header, and `now` (dcterms:modified).
 * Output: the .epub bytes as a stream; a storage or database failure destroys it with the error.
 */
export function epubStream(db: Kysely<Database>, media: MediaStorage, header: BookHeader, now: Date = new Date()): Readable {
  const zip = new ZipFile();
  // yazl writes into a PassThrough (typed as a plain ReadableStream).
  const out = zip.outputStream as unknown as Readable;
  const entry = { mtime: now, forceDosTimestamp: true };
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, "utf8"), name, entry);

  const write = async () => {
    // First, stored, no extra field (EPUB OCF): readers sniff "mimetypeapplication/epub+zip" at byte 30.
    zip.addBuffer(Buffer.from("application/epub+zip", "ascii"), "mimetype", { ...entry, compress: false });
    add("META-INF/container.xml", CONTAINER);
    add("OEBPS/style.css", STYLE);
    const items: ManifestItem[] = [
      { id: "nav", href: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav" },
      { id: "style", href: "style.css", mediaType: "text/css" },
      { id: "cover", href: "cover.xhtml", mediaType: "application/xhtml+xml" },
    ];
    const spine = ["cover"];

    /** Adds a picture as images/<name>.jpg or .png; output: its path from the documents. */
    const addPicture = (id: string, name: string, picture: BookPicture, properties?: string) => {
      const file = `images/${name}.${picture.contentType === "image/png" ? "png" : "jpg"}`;
      // Pictures are compressed already: stored as they are.
      zip.addBuffer(picture.bytes, `OEBPS/${file}`, { ...entry, compress: false });
      items.push({ id, href: file, mediaType: picture.contentType, ...(properties ? { properties } : {}) });
      return file;
    };

    const cover = header.cover ? await bookPicture(media, header.cover, "epub") : null;
    const coverFile = cover ? addPicture("cover-image", "cover", cover, "cover-image") : null;
    add(
      "OEBPS/cover.xhtml",
      xhtml(
        header.title,
        `<section epub:type="cover" class="cover">
<h1>${xmlText(header.title)}</h1>
<p class="genre">${xmlText(header.genre)}</p>
${coverFile ? `<img src="${coverFile}" alt="${xmlText(header.cover?.title || header.title)}"/>` : ""}
</section>`,
        "cover",
      ),
    );

    const files = new Map<string, string>();
    let chapters = 0;
    for await (const { blocks, pictures } of readyChapters(db, media, header, "epub", out)) {
      for (const [key, picture] of pictures) {
        if (files.has(key)) continue;
        const n = files.size + 1;
        files.set(key, addPicture(`image-${n}`, `image-${String(n).padStart(4, "0")}`, picture));
      }
      chapters++;
      const name = chapterFile(chapters);
      add(`OEBPS/${name}`, xhtml(`Capitolo ${chapters}`, chapterBody(chapters, blocks, files)));
      items.push({ id: `chapter-${chapters}`, href: name, mediaType: "application/xhtml+xml" });
      spine.push(`chapter-${chapters}`);
    }

    add(
      "OEBPS/colophon.xhtml",
      xhtml("Colophon", `<section epub:type="colophon" class="colophon">\n<p>${xmlText(COLOPHON_TEXT)}</p>\n<p>${xmlText(italianDay(now))}</p>\n</section>`, "colophon"),
    );
    items.push({ id: "colophon", href: "colophon.xhtml", mediaType: "application/xhtml+xml" });
    spine.push("colophon");
    add("OEBPS/nav.xhtml", navigationDocument(chapters));
    add("OEBPS/content.opf", packageDocument(header, items, spine, now));
    zip.end();
  };

  write().catch((error: unknown) => {
    if (!(error instanceof ReaderGone)) out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
