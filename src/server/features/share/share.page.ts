/**
 * The public reading page of a shared story (issue 13, "A public reading page"):
 * GET /storia/{id}/{slug} answers a complete HTML document rendered on the server, readable with
 * no JavaScript: a header with the brand link, the story as in the book (the current path's
 * narration paragraphs, the player's choices in italics, the scene images as figures with
 * their titles, lazy, with their size and renditions), read by page (issue 19 finding 5): the
 * first chapter of PAGE_MESSAGES path messages, the next ones at ?pagina=2, 3, … ('Continua a
 * leggere', 'Capitolo precedente'); each rendered page is cached per share, story version, page
 * and origin (ShareCache), so a long story costs one render per version, not one per request;
 * a call to action ('Gioca anche tu': the
 * template's page when the game came from one, else a new game of the same genre) and the head
 * tags that make the link unfurl (title, first lines as description, scene image; Open Graph,
 * Twitter, canonical). The site's built stylesheet is linked, so it looks like the site.
 * - /storia/{id} and a wrong slug → 301 to the canonical /storia/{id}/{slug};
 * - an unknown, revoked or taken-down link → 404 with a small 'Storia non trovata' page;
 * - who may read a story and which of its pictures the public sees is the visibility rule's
 *   (policies/visibility.ts, issue 36): a removed story 410, a held one 404 except to its author
 *   (never cached for anyone else), no redirect names a refused story's title; a picture removed
 *   or held is left out of the page and of its Open Graph image;
 * - an unlisted story carries `noindex` (the link is unlisted, search engines should not list it).
 * Everything from players, templates or the model is escaped. Nothing private is shown: no
 * e-mail, no user id; the owner's nickname only when they chose to show it (a link to their
 * creator page when they have one, issue 40 §1).
 * Registered in app.ts before the SPA fallback.
 */

import type { Context, Hono } from "hono";
import { LRUCache } from "lru-cache";
import { decodePath } from "../../../shared/decode-path";
import { genreSlug } from "../../../shared/genres";
import { creatorPath } from "../../../shared/slug";
import { renditionSrcSet, renditionUrl } from "../../../shared/media-renditions";
import type { AppEnv } from "../../domain/context";
import { escapeHtml, pageHeadTags } from "../http/page-head";
import { siteOrigin } from "../http/site-origin";
import { type BookBlock, type BookHeader, type BookImage, type BookPage, bookVersion, loadBookHeader, loadBookPage } from "../book/book.service";
import { excerptOf, findPublicShare, type PublicShare, sharePath } from "./share.service";
import { italianDay } from "../../../shared/italian-date";
import { ERRORS } from "../../../shared/errors";
import { KIND_SEGMENTS } from "../../../shared/schemas/moderation";
import { type Sight, sightAt } from "../../domain/policies/visibility";
import { sessionViewer } from "../http/session-viewer";
import type { EventBus } from "../../platform/realtime/event-bus";
import { SITEMAP_TOPIC } from "../../platform/realtime/live-events";

/** The head's <link rel="stylesheet"> and icon tags of the built index.html (hashed asset names). */
function siteHeadLinks(indexHtml: string): string {
  const tags = indexHtml.match(/<link\b[^>]*\brel="(?:stylesheet|icon)"[^>]*>|<meta name="theme-color"[^>]*>/g) ?? [];
  return tags.join("\n    ");
}


/** Links and focus rings as the site draws them. */
const LINK = "rounded-sm underline decoration-violet-400/60 underline-offset-4 outline-none hover:text-violet-200 focus-visible:ring-[3px] focus-visible:ring-ring/60";
const BUTTON =
  "inline-flex items-center justify-center rounded-full bg-violet-600 px-6 py-3 font-semibold text-white shadow-lg outline-none transition hover:bg-violet-500 focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** A figure of the story: the picture (lazy, sized, with renditions) and its title as caption. */
function figure(image: BookImage): string {
  const srcset = renditionSrcSet(image.url);
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : "";
  const src = srcset ? renditionUrl(image.url, 960) : image.url;
  return [
    `<figure class="my-8">`,
    `<img src="${escapeHtml(src)}"${srcset ? ` srcset="${escapeHtml(srcset)}" sizes="(min-width: 768px) 42rem, 100vw"` : ""}${size} alt="${escapeHtml(image.title)}" loading="lazy" decoding="async" class="h-auto w-full rounded-xl border border-border/60 bg-card" />`,
    image.title ? `<figcaption class="mt-2 text-center text-sm text-muted-foreground">${escapeHtml(image.title)}</figcaption>` : "",
    `</figure>`,
  ].join("");
}

/** One block of the book as HTML (every text escaped). */
function blockHtml(block: BookBlock): string {
  switch (block.kind) {
    case "narration":
      return block.paragraphs.map((p) => `<p class="mb-5">${escapeHtml(p)}</p>`).join("\n");
    case "choice":
      return `<p class="my-6 border-l-2 border-violet-400/70 pl-4 text-violet-100"><em>${escapeHtml(block.text)}</em></p>`;
    case "image":
      return figure(block.image);
  }
}

/** The first lines of the page for og:description (its first narration paragraphs). */
function firstLines(book: BookPage): string {
  const narration = book.blocks.find((b): b is Extract<BookBlock, { kind: "narration" }> => b.kind === "narration");
  return narration ? excerptOf(narration.paragraphs.join(" ")) : "";
}

/** The call to action: the template's page when the game came from one, else a new game of the genre. */
function callToAction(share: PublicShare): string {
  const [lead, href, label] = share.template
    ? [`Questa avventura nasce da «${share.template.title}»: giocala anche tu e scegli la tua strada.`, share.template.path, "Gioca anche tu"]
    : [`Vivi anche tu un’avventura ${share.genre}: il narratore AI la scrive con te, scelta dopo scelta.`, `/gioco/${genreSlug(share.genre)}/new`, "Gioca anche tu"];
  return [
    `<aside aria-labelledby="cta-title" class="mt-12 rounded-2xl border border-violet-400/40 bg-card p-6 text-center shadow-sm md:p-8">`,
    `<h2 id="cta-title" class="text-2xl font-bold tracking-tight">Ti è piaciuta?</h2>`,
    `<p class="mx-auto mt-3 max-w-prose text-muted-foreground">${escapeHtml(lead)}</p>`,
    `<p class="mt-6"><a class="${BUTTON}" href="${escapeHtml(href)}">${label}</a></p>`,
    `<p class="mt-4 text-sm"><a class="${LINK}" href="/generi">Scopri tutti i generi</a></p>`,
    `</aside>`,
  ].join("\n");
}

/** The page's document around its <main>. */
function documentHtml(options: { head: string; links: string; brand: string; main: string }): string {
  return `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${options.links}
    ${options.head}
  </head>
  <body>
    <div class="flex min-h-dvh flex-col">
      <a href="#contenuto" class="sr-only z-50 rounded-md bg-violet-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">Vai al contenuto</a>
      <header class="border-b border-border/60 bg-background/85">
        <div class="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 md:px-6">
          <a href="/" class="rounded-md px-1 text-xl font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">${escapeHtml(options.brand)}<span class="text-fuchsia-300">.ai</span></a>
          <nav aria-label="Menu principale"><a href="/galleria" class="${LINK} text-sm">Galleria</a></nav>
        </div>
      </header>
      <main id="contenuto" tabindex="-1" class="flex-1 outline-none">
${options.main}
      </main>
      <footer class="border-t border-border/60 py-6 text-center text-sm text-muted-foreground">
        <p>Creato con <a href="/" class="${LINK}">${escapeHtml(options.brand)}.ai</a></p>
      </footer>
    </div>
  </body>
</html>
`;
}

/**
 * The owner's name in the byline, escaped: a link to their creator page /autore/{nickname} when
 * it exists (issue 40 §1: PublicShare.creatorNickname), else plain text (a first name only).
 */
function ownerName(share: PublicShare): string {
  const name = escapeHtml(share.nickname ?? "");
  if (!share.creatorNickname) return `<span class="text-foreground">${name}</span>`;
  return `<a class="${LINK} text-foreground" href="${escapeHtml(creatorPath(share.creatorNickname))}">${name}</a>`;
}

/** Path messages on one page of the reading page (about 20 turns: a chapter of the PDF book). */
export const PAGE_MESSAGES = 40;

/** The query parameter of a page past the first: /storia/{id}/{slug}?pagina=2. */
const PAGE_PARAM = "pagina";

/** The path of page `page` of a shared story (the first page has no parameter). */
export function sharePagePath(id: string, title: string, page: number): string {
  return `${sharePath(id, title)}${page > 1 ? `?${PAGE_PARAM}=${page}` : ""}`;
}

/** The links between pages: 'Capitolo precedente', where the reader is, 'Continua a leggere'. */
function pageNavigation(share: PublicShare, book: BookPage): string {
  if (book.pages === 1) return "";
  const previous = book.page > 1 ? `<a class="${LINK}" rel="prev" href="${escapeHtml(sharePagePath(share.id, share.title, book.page - 1))}">← Capitolo precedente</a>` : "<span></span>";
  const next = book.page < book.pages ? `<a class="${BUTTON}" rel="next" href="${escapeHtml(sharePagePath(share.id, share.title, book.page + 1))}">Continua a leggere →</a>` : "<span></span>";
  return [
    `<nav aria-label="Capitoli" class="mt-10 flex items-center justify-between gap-4">`,
    previous,
    `<span class="text-sm text-muted-foreground">Capitolo ${book.page} di ${book.pages}</span>`,
    next,
    `</nav>`,
  ].join("\n");
}

/**
 * One page of the reading page of a live link. Input: the link, its book's header and page, the
 * request's origin, the site's stylesheet and icon tags (siteHeadLinks, read once) and the brand
 * name. Output: the whole HTML document; the story's text of that page only, under 'Capitolo N'.
 */
export function renderStoryPage(share: PublicShare, book: BookHeader & BookPage, options: { origin: string; links: string; brand: string }): string {
  const siteName = `${options.brand}.ai`;
  const canonical = `${options.origin}${sharePagePath(share.id, share.title, book.page)}`;
  const description = firstLines(book) || `Una storia ${share.genre} giocata su ${siteName}.`;
  const image = book.cover;
  const head = pageHeadTags({
    documentTitle: `${book.title} · Storie condivise · ${siteName}`,
    title: book.title,
    description,
    url: canonical,
    siteName,
    type: "article",
    image: image ? { url: image.url.startsWith("/") ? `${options.origin}${image.url}` : image.url, alt: image.title || book.title, width: image.width, height: image.height } : undefined,
  });
  const byline = [
    `Una storia ${escapeHtml(share.genre)}`,
    share.nickname ? ` di ${ownerName(share)}` : "",
    ` · condivisa il <time datetime="${escapeHtml(share.sharedAt)}">${italianDay(new Date(share.sharedAt))}</time>`,
  ].join("");
  const main = [
    `<article class="mx-auto w-full max-w-2xl px-4 py-10 md:py-14">`,
    `<header class="mb-10 text-center">`,
    `<p class="text-sm font-medium uppercase tracking-widest text-violet-300">${escapeHtml(share.genre)}</p>`,
    `<h1 class="mt-2 text-3xl font-bold tracking-tight text-balance md:text-4xl">${escapeHtml(book.title)}</h1>`,
    `<p class="mt-3 text-muted-foreground">${byline}</p>`,
    `</header>`,
    `<section aria-labelledby="capitolo" class="font-serif text-lg leading-relaxed text-pretty hyphens-auto">`,
    book.pages > 1 ? `<h2 id="capitolo" class="mb-8 text-center font-sans text-xl font-semibold tracking-tight">Capitolo ${book.page}</h2>` : `<h2 id="capitolo" class="sr-only">La storia</h2>`,
    ...book.blocks.map(blockHtml),
    book.blocks.length === 0 ? `<p class="text-muted-foreground">La storia non è ancora cominciata.</p>` : "",
    `</section>`,
    pageNavigation(share, book),
    callToAction(share),
    // Issue 23: anyone can report the story (the report page is the SPA's /segnala/storia/{id}).
    `<p class="mt-8 text-center text-sm"><a class="${LINK} text-muted-foreground" href="/segnala/${KIND_SEGMENTS.story}/${encodeURIComponent(share.id)}">Segnala questa storia</a></p>`,
    `</article>`,
  ].join("\n");
  const noindex = share.listed ? "" : `\n    <meta name="robots" content="noindex" />`;
  return documentHtml({ head: head + noindex, links: options.links, brand: options.brand, main });
}

/** A page with one notice: its heading and text, the way back to Scopri. */
function renderNoticePage(options: { links: string; brand: string }, heading: string, text: string): string {
  const main = [
    `<div class="mx-auto w-full max-w-xl px-4 py-20 text-center">`,
    `<h1 class="text-3xl font-bold tracking-tight">${escapeHtml(heading)}</h1>`,
    `<p class="mt-4 text-muted-foreground">${escapeHtml(text)}</p>`,
    `<p class="mt-8"><a class="${BUTTON}" href="/scopri">Scopri le storie</a></p>`,
    `</div>`,
  ].join("\n");
  const head = `<title>${escapeHtml(heading)} · ${escapeHtml(options.brand)}.ai</title>\n    <meta name="robots" content="noindex" />`;
  return documentHtml({ head, links: options.links, brand: options.brand, main });
}

/** The 404 page of an unknown, revoked or taken-down link. */
export function renderMissingStoryPage(options: { links: string; brand: string }): string {
  return renderNoticePage(options, "Storia non trovata", "Il link non esiste più: chi l’ha condiviso potrebbe aver smesso di condividere la storia.");
}

/** Rendered pages kept at most (each under MAX_CACHED_PAGE_CHARS)… */
const CACHED_PAGES = 500;
/** …and their characters together (about 64 MB of UTF-16 strings). */
const CACHED_CHARS = 32 * 1024 * 1024;
/** A page longer than this is rendered and not kept (a page of PAGE_MESSAGES long narrations stays under it). */
const MAX_CACHED_PAGE_CHARS = 2 * 1024 * 1024;
/** How long a rendered page is kept at most (a change the version misses, e.g. a picture's title, shows after this). */
const CACHE_TTL_MS = 10 * 60 * 1000;

/**
 * The cache of rendered reading pages (issue 19 finding 5), one per mounted app: key → HTML. The
 * key holds everything a page shows: the public share (title, nickname, listing, template), the
 * story's version (bookVersion: tip, last change, latest edit), the page and the origin. A change
 * of any of them is a new key, so an edit or a new turn is shown at once and the old entry ages
 * out; a revoked, taken-down or held link is never looked up (the visibility rule and
 * findPublicShare answer first). A change of what is public (a moderation decision: SITEMAP_TOPIC)
 * empties it, so a picture removed from a story leaves its page at once.
 */
function shareCache() {
  return new LRUCache<string, string>({ max: CACHED_PAGES, maxSize: CACHED_CHARS, maxEntrySize: MAX_CACHED_PAGE_CHARS, sizeCalculation: (html) => html.length, ttl: CACHE_TTL_MS });
}

/**
 * Renders page `page` of a live link's story. Output: the HTML document; "missing" when the game
 * is gone, "past-the-end" when the story has fewer pages.
 */
async function renderPage(db: AppEnv["Variables"]["deps"]["db"], share: PublicShare, page: number, options: { origin: string; links: string; brand: string }): Promise<string> {
  const [header, body] = await Promise.all([loadBookHeader(db, share.gameId, "public"), loadBookPage(db, share.gameId, page, PAGE_MESSAGES, "public")]);
  if (!header) return "missing";
  if (!body) return "past-the-end";
  return renderStoryPage(share, { ...header, ...body }, options);
}

/** The page number of `?pagina=`: 1 when absent; null when it is not a whole number from 1 up. */
function requestedPage(value: string | undefined): number | null {
  if (value === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/**
 * Registers GET /storia/:id and GET /storia/:id/:slug on the app, before the SPA fallback.
 * Input: the app, the built index.html (its stylesheet and icon links are reused) and the event
 * bus (SITEMAP_TOPIC empties the rendered pages). Answers are never cached by browsers (a revoked
 * link must die at once); the server keeps rendered pages in its own cache (shareCache), looked
 * up only after the visibility rule let the reader in and the link is found live.
 * - ?pagina=N past the last page → 404 'Pagina non trovata'; a malformed ?pagina → 301 to the first page.
 */
export function mountSharePages(app: Hono<AppEnv>, indexHtml: string, bus: EventBus) {
  const links = siteHeadLinks(indexHtml);
  const rendered = shareCache();
  bus.subscribe(SITEMAP_TOPIC, () => rendered.clear());
  const rendering = new Map<string, Promise<string>>();
  // Issue 23: a story a moderator removed answers 410 with the notice; one held by automatic
  // screening is not public yet (404 with its own notice); anything else not found 404.
  const refused = (c: Context<AppEnv>, sight: Extract<Sight, { shown: false }>) => {
    const options = { links, brand: c.var.deps.env.BRAND_NAME };
    if (!sight.code) return c.html(renderMissingStoryPage(options), 404);
    return c.html(renderNoticePage(options, ERRORS[sight.code].title, ERRORS[sight.code].message), sight.status);
  };
  const MISSING = { shown: false, status: 404, code: null } as const;
  /** The live link of the request, when its reader may see it (else the page to answer). */
  const shareFor = async (c: Context<AppEnv>): Promise<PublicShare | Response> => {
    const id = c.req.param("id") ?? "";
    const sight = await sightAt(c.var.deps.db, "story", id, sessionViewer(c), "page");
    if (!sight.shown) return refused(c, sight);
    // Its author reading their held story: never kept by a shared cache.
    c.header("Cache-Control", sight.to === "author" ? "private, no-store" : "no-cache");
    return (await findPublicShare(c.var.deps.db, id)) ?? refused(c, MISSING);
  };

  app.get("/storia/:id", async (c) => {
    c.header("Cache-Control", "no-cache");
    const share = await shareFor(c);
    return share instanceof Response ? share : c.redirect(sharePath(share.id, share.title), 301);
  });

  app.get("/storia/:id/:slug", async (c) => {
    c.header("Cache-Control", "no-cache");
    const { db, env } = c.var.deps;
    const share = await shareFor(c);
    if (share instanceof Response) return share;
    const page = requestedPage(c.req.query(PAGE_PARAM));
    const canonical = sharePath(share.id, share.title);
    if (page === null) return c.redirect(canonical, 301);
    if (decodePath(new URL(c.req.url).pathname) !== decodePath(canonical)) return c.redirect(sharePagePath(share.id, share.title, page), 301);
    const version = await bookVersion(db, share.gameId);
    if (version === null) return refused(c, MISSING);
    const origin = siteOrigin(c);
    const key = JSON.stringify([share, version, page, origin]);
    const cached = rendered.get(key);
    if (cached !== undefined) return c.html(cached);
    // Parallel first requests for one page share one render (then it is in the cache).
    let render = rendering.get(key);
    if (!render) {
      render = renderPage(db, share, page, { origin, links, brand: env.BRAND_NAME }).finally(() => rendering.delete(key));
      rendering.set(key, render);
    }
    const html = await render;
    if (html === "missing") return refused(c, MISSING);
    if (html === "past-the-end") return c.html(renderNoticePage({ links, brand: env.BRAND_NAME }, "Pagina non trovata", "La storia non ha questa pagina."), 404);
    rendered.set(key, html);
    return c.html(html);
  });
}
