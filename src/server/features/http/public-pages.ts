/**
 * Heads of the public pages (issue 12: canonical URLs and Open Graph on each; spec §2 route
 * table): /, /generi, /scopri, /galleria, /prezzi carry their own title and description (the
 * pages' own heading and lead), and a template's page /scopri/{slug}/{id} its title,
 * description and cover, read from the database (a wrong slug redirects, 301, to the template's
 * own address); a missing template answers the SPA with 404
 * (the page then shows 'Template non trovato'). The gallery's image pages have their own
 * (features/gallery/gallery.pages.ts). Registered before the SPA fallback. Each page is sent
 * already rendered when the render module is built (prerender.ts).
 */

import type { Context, Hono } from "hono";
import { decodePath } from "../../../shared/decode-path";
import { documentTitle, HOME_TAGLINE } from "../../../shared/document-title";
import { templatePath } from "../../../shared/slug";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { creatorPage } from "../templates/creators.service";
import { getTemplateDetail } from "../templates/templates.service";
import { assertShownAt } from "../../domain/policies/visibility";
import { withPageHead } from "./page-head";
import { sessionViewer } from "./session-viewer";
import type { PageHtml } from "./prerender";
import { siteOrigin } from "./site-origin";

/** Path → [heading, lead] as each page shows them. */
const PAGES: Record<string, [string, string]> = {
  "/generi": ["Scegli il tuo genere", "Seleziona il tipo di storia che vuoi vivere: il narratore AI creerà un'avventura su misura per te."],
  "/scopri": ["Scopri le storie", "Avventure pronte da giocare, scritte per te: scegli una storia e lascia che il narratore AI ti guidi."],
  "/galleria": ["Galleria", "Le scene create dai giocatori con il comando /visualizza."],
  "/prezzi": ["Scegli il tuo piano", "Inizia gratis e passa a un piano superiore quando vuoi più storie e più scene illustrate."],
};
const HOME: [string, string] = [HOME_TAGLINE, "Crea e gioca storie interattive con l'intelligenza artificiale"];

/**
 * Registers the pages. Input: the app and the page's HTML for a request (prerender.ts: the SPA's
 * index.html with the site configuration embedded, rendered when possible). Every answer is never
 * cached (it follows the templates' edits and shows who is signed in).
 */
export function mountPublicPages(app: Hono<AppEnv>, pageHtml: PageHtml) {
  const answer = async (c: Context<AppEnv>, path: string, [heading, lead]: [string, string], status: 200 | 404 | 410 = 200, cover?: string | null) => {
    const origin = siteOrigin(c);
    const siteName = `${c.var.deps.env.BRAND_NAME}.ai`;
    c.header("Cache-Control", "no-cache");
    return c.html(
      withPageHead(await pageHtml(c), {
        documentTitle: documentTitle(path === "/" ? null : heading, siteName),
        title: heading,
        description: lead,
        url: `${origin}${path}`,
        siteName,
        type: path.startsWith("/scopri/") ? "article" : "website",
        image: cover ? { url: cover.startsWith("/") ? `${origin}${cover}` : cover, alt: heading, width: null, height: null } : undefined,
      }),
      status,
    );
  };

  app.get("/", (c) => answer(c, "/", HOME));
  for (const [path, text] of Object.entries(PAGES)) app.get(path, (c) => answer(c, path, text));
  // Issue 40 §1: a creator page carries the author's name; an unknown author answers 404.
  app.get("/autore/:nickname", async (c) => {
    try {
      const creator = await creatorPage(c.var.deps.db, c.req.param("nickname"));
      const count = creator.scenarios.length === 1 ? "uno scenario pubblicato" : `${creator.scenarios.length} scenari pubblicati`;
      return await answer(c, `/autore/${encodeURIComponent(creator.nickname)}`, [creator.nickname, `Le storie di ${creator.nickname} su Storie.ai: ${count}.`]);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return answer(c, new URL(c.req.url).pathname, ["Autore non trovato", HOME[1]], 404);
      throw error;
    }
  });
  app.get("/scopri/:slug/:templateId", async (c) => {
    try {
      // A draft or a held scenario is shown to its author only (issue 40 §1), never from a shared
      // cache; the session is read only for such a scenario (session-viewer.ts).
      const { db } = c.var.deps;
      const id = c.req.param("templateId");
      const viewer = sessionViewer(c);
      const to = await assertShownAt(db, "template", id, viewer, () => AppError.of("TEMPLATE_NOT_FOUND", 404));
      const viewerId = to === "author" ? await viewer() : null;
      const template = await getTemplateDetail(db, id, viewerId);
      const canonical = templatePath(template.id, template.title);
      // A wrong or old slug (the title changed) leads to the page's own address.
      if (decodePath(new URL(c.req.url).pathname) !== decodePath(canonical)) return c.redirect(canonical, 301);
      const page = await answer(c, canonical, [template.title, template.description], 200, template.coverImageUrl);
      if (to === "author") page.headers.set("Cache-Control", "private, no-store");
      return page;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return answer(c, new URL(c.req.url).pathname, ["Template non trovato", HOME[1]], 404);
      // Issue 23: a template a moderator removed answers 410; the page shows the notice.
      if (error instanceof AppError && error.status === 410) return answer(c, new URL(c.req.url).pathname, [error.title ?? "Contenuto rimosso", error.userMessage], 410);
      throw error;
    }
  });
}
