/**
 * createApp(deps): the whole HTTP surface on one origin (DESIGN §1): /api/* JSON and SSE,
 * /api/auth/* Better Auth, the built SPA with long-cached hashed assets and an SPA fallback.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { sql } from "kysely";
import type { HealthView, ReadyView } from "../../shared/api-types";
import { FIRST_PAINT_SCRIPTS } from "../../shared/first-paint-scripts";
import { loadSession } from "../domain/auth/middleware";
import { apiRoutes } from "./api";
import type { AppDeps, AppEnv } from "../domain/context";
import { AppError } from "../platform/errors";
import { mountGalleryPages } from "../features/gallery/gallery.pages";
import { mountSharePages } from "../features/share/share.page";
import { withClientAddress } from "../domain/http/client-address";
import { mediaRoutes } from "../features/media/media.routes";
import { endStreamsWithAccount } from "../features/realtime/account-streams";
import { italianAuthAnswer } from "../features/http/auth-answers";
import { mountLegacyRedirects } from "../features/http/legacy-redirects";
import { limitRequestBodies } from "../features/http/body-limit";
import { jsonLength } from "../features/http/json-length";
import { handleError } from "../features/http/error-handler";
import { requestLog } from "../features/http/request-log";
import { metricsRoutes } from "../features/ops/metrics.routes";
import { SAFE_METHODS, refusedOriginLog, trustedOrigins } from "../features/http/origins";
import { mountPlayerPages } from "../features/http/player-pages";
import { pageRenderer } from "../features/http/prerender";
import { mountPublicPages } from "../features/http/public-pages";
import { robotsTxt } from "../features/http/robots";
import { absoluteLinksCaching, siteOrigin } from "../features/http/site-origin";
import { privateWhenSignedIn } from "../features/http/session-caching";
import { storyAccount } from "../features/http/story-account";
import { mountSitemap } from "../features/http/sitemap";
import { siteConfig, withSiteConfig } from "../features/http/site-config";

/**
 * Builds the Hono application.
 * Input: dependencies (database, auth, narrator, bus, presence, env). Output: the app, whose
 * `fetch` serves requests. Every error leaves as {error: {code, title?, message}} (DESIGN §6).
 */
/** CSP source allowing exactly the inline script `text`: `'sha256-<base64 digest>'` (CSP Level 2). */
function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

export function createApp(deps: AppDeps) {
  // Origins trusted besides the request's own (DESIGN §5; issue 9 finding 7), for the port the
  // server listens on (known per request: tests listen on port 0).
  let trusted: { port: number; origins: Set<string> } | undefined;
  const isTrustedOrigin = (origin: string, c: Context<AppEnv>) => {
    const requestUrl = new URL(c.req.url);
    if (origin === requestUrl.origin) return true;
    const socketPort = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.localPort;
    const port = socketPort ?? Number(requestUrl.port || 80);
    if (trusted?.port !== port) trusted = { port, origins: new Set(trustedOrigins(deps.env.PUBLIC_URL, `http://localhost:${port}`, port)) };
    return trusted.origins.has(origin);
  };

  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("user", null);
    await next();
  });
  // A request id on every log line and on the response; the request's line and metrics (issue 20).
  app.use("*", requestLog);
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The site's own files, and the few constant inline scripts a rendered page runs before
        // its first paint, each allowed by its hash (issue 21).
        scriptSrc: ["'self'", ...FIRST_PAINT_SCRIPTS.map(cspHash)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        // The service worker of push notifications (/sw.js, issue 39).
        workerSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      // Powerful features the site never uses are off for it and for anything it embeds (issue 19):
      // 'Ascolta' is speech synthesis, which needs no permission; 'Copia link' uses the clipboard
      // (allowed to the page itself by default).
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        bluetooth: [],
        hid: [],
        midi: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        displayCapture: [],
        browsingTopics: [],
      },
      // HSTS only when the site is served over HTTPS (PUBLIC_URL https://…): over plain HTTP it
      // would pin a browser to an HTTPS address that does not answer.
      strictTransportSecurity: deps.env.PUBLIC_URL?.startsWith("https:") ?? false,
    }),
  );
  // The server's own text answers (JSON, the SPA's HTML, robots.txt, sitemap.xml) leave gzip- or
  // deflate-encoded when the client accepts it (issue 12). Not compressed: Server-Sent Events
  // (text/event-stream is outside Hono's compressible types, so each event leaves at once),
  // answers already encoded (the built assets, precompressed at build time), images, HEAD.
  // JSON gets its length first (http/json-length.ts), so answers under 1 KB leave as they are.
  // An answer to a signed-in request is for that player only (issue 19).
  app.use("*", privateWhenSignedIn);
  app.use("*", compress());
  app.use("*", jsonLength);
  // Every body is bounded before anything reads it (DESIGN §5; issue 9 finding 4).
  app.use("*", limitRequestBodies());
  // Same-origin check for state-changing API calls (DESIGN §5); Better Auth checks its own.
  app.use("/api/*", async (c, next) => {
    // Stripe's webhook comes from Stripe, not a browser: its signature is its check (billing.routes.ts).
    if (!SAFE_METHODS.has(c.req.method) && !c.req.path.startsWith("/api/auth/") && c.req.path !== "/api/billing/webhook") {
      const origin = c.req.header("origin");
      const sameOrigin = origin ? isTrustedOrigin(origin, c) : c.req.header("sec-fetch-site") === "same-origin";
      if (!sameOrigin) {
        deps.logger.warn(refusedOriginLog(origin));
        throw AppError.of("BAD_ORIGIN", 403);
      }
    }
    await next();
  });
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const response = await deps.auth.handler(withClientAddress(c));
    return italianAuthAnswer(response, deps.logger, c.req.header("origin"));
  });
  // Liveness and readiness (issue 20 §3) before the session is read: they never need one, and
  // readiness must answer even while the database does not.
  app.get("/api/health", (c) => c.json({ status: "ok", database: deps.dialect, ai: deps.narrator.label } satisfies HealthView));
  app.get("/api/ready", async (c) => {
    const ready = await databaseAnswers(deps);
    return c.json({ status: ready ? "ready" : "unavailable", database: deps.dialect } satisfies ReadyView, ready ? 200 : 503);
  });
  app.use("/api/*", loadSession);
  app.use("/api/*", endStreamsWithAccount);
  // A story's JSON names its account, for the service worker's per-account cache (issue 39).
  app.use("/api/games/:gameId", storyAccount);
  app.route("/api", apiRoutes);
  app.all("/api/*", () => {
    throw AppError.of("NOT_FOUND", 404);
  });

  // Prometheus metrics for this machine's scraper or a bearer token (issue 20 §3).
  app.route("/metrics", metricsRoutes);

  // Stored images (DESIGN §1): public, long-cached, with their own content type.
  app.route("/media", mediaRoutes);

  mountLegacyRedirects(app);

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", absoluteLinksCaching(c));
    return c.text(robotsTxt(siteOrigin(c)));
  });
  mountSitemap(app, deps.bus);

  if (deps.webRoot) mountWeb(app, deps, deps.webRoot);

  app.onError(handleError);
  return app;
}

export type ApiRoutes = ReturnType<typeof createApp>;

/** Longest wait for the readiness check's query, ms. */
const READY_TIMEOUT_MS = 2_000;

/** True when the database answers a trivial query within READY_TIMEOUT_MS. */
async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
  const query = sql`select 1`.execute(deps.db).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error }, "Controllo di prontezza: il database non risponde");
      return false;
    },
  );
  const ready = await Promise.race([query, late]);
  clearTimeout(timer);
  return ready;
}

/**
 * Serves the built SPA: hashed /assets/* cached for a year, index.html (with the runtime site
 * configuration embedded) never cached, SPA fallback. A file built with .br / .gz siblings
 * (vite.config.ts) is sent as the brotli or gzip one when the client accepts it, with
 * Content-Encoding; every such file varies on Accept-Encoding (issue 12). The public pages, the
 * game page and /profilo go out already rendered by dist-ssr/entry-server.js, built next to the
 * web root (http/prerender.ts).
 */
function mountWeb(app: Hono<AppEnv>, deps: AppDeps, webRoot: string) {
  const config = siteConfig(deps.env);
  const indexHtml = withSiteConfig(fs.readFileSync(path.join(webRoot, "index.html"), "utf8"), config);
  const pages = pageRenderer(
    app,
    indexHtml,
    { entry: path.join(path.dirname(webRoot), "dist-ssr", "entry-server.js"), manifest: path.join(webRoot, ".vite", "manifest.json") },
    config,
    deps.logger,
  );
  const root = path.relative(process.cwd(), webRoot) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    if (!c.res.headers.get("Vary")?.includes("Accept-Encoding")) c.header("Vary", "Accept-Encoding", { append: true });
  });
  // The service worker (issue 39): always checked for a new version, and allowed the whole site.
  app.use("/sw.js", async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.header("Cache-Control", "no-cache");
    c.header("Service-Worker-Allowed", "/");
  });
  // The web app manifest (application/manifest+json by its extension) is revalidated, so a new
  // name or colour reaches installed apps; its icons keep a day (issue 39 "Installable").
  app.use("/manifest.webmanifest", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "no-cache");
  });
  app.use("/icons/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=86400");
  });
  const pageHtml = pages.html;
  // Issue 39: an address no page has answers 404 (crawlers and link checkers rely on it), with
  // 'Pagina non trovata' already rendered; the other pages the browser renders answer 200.
  const spa = async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    if (await pages.knownPage(new URL(c.req.url).pathname)) return c.html(indexHtml);
    return c.html(await pageHtml(c), 404);
  };
  // The public pages with their own title, canonical URL and Open Graph tags (issue 12).
  mountPublicPages(app, pageHtml);
  // The game page and /profilo, rendered for the signed-in player (issue 21).
  mountPlayerPages(app, pageHtml);
  // /galleria/{id}/{slug}: canonical redirects and Open Graph tags for shared links (issue 3).
  mountGalleryPages(app, pageHtml);
  // /storia/{id}/{slug}: the public reading page of a shared story (issue 13).
  mountSharePages(app, indexHtml, deps.bus);
  // The build manifest is for the server (page preloads), not a public file: its path is an unknown page (404).
  app.get("/.vite/*", spa);
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", spa);
}
