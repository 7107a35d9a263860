/**
 * Heads of the public pages over real HTTP (issue 12: canonical URLs and Open Graph on each):
 * /, /generi, /scopri, /galleria, /prezzi and a template's page answer the SPA with their own
 * title, description, canonical URL and Open Graph tags, escaped; a missing template answers 404.
 * SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { templatePath } from "../../../shared/slug";
import { DIALECTS, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

const ADMIN = { email: "pagine-admin@example.com", password: "password-admin-1" };

/** The attribute `content` of <meta property|name="key">, or the href of the canonical link. */
function meta(html: string, key: string): string | undefined {
  if (key === "canonical") return /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

describe.each(DIALECTS)("public pages' heads on %s", (dialect) => {
  let server: TestServer;
  let site: ReturnType<typeof tempWebRoot>;
  let visitor: TestClient;

  beforeAll(async () => {
    site = tempWebRoot();
    server = await startTestServer(dialect, { webRoot: site.root, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    visitor = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  it("gives each public page its title, description, canonical URL and Open Graph tags", async () => {
    const expected: [string, string, string][] = [
      ["/", "Storie.ai – Storie interattive con l'intelligenza artificiale", "Crea e gioca storie interattive con l'intelligenza artificiale"],
      ["/generi", "Scegli il tuo genere · Storie.ai", "Seleziona il tipo di storia che vuoi vivere"],
      ["/scopri", "Scopri le storie · Storie.ai", "Avventure pronte da giocare"],
      ["/galleria", "Galleria · Storie.ai", "Le scene create dai giocatori"],
      ["/prezzi", "Scegli il tuo piano · Storie.ai", "Inizia gratis"],
    ];
    for (const [path, title, description] of expected) {
      const response = await visitor.request("GET", path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain(`<title>${title.replaceAll("'", "&#39;")}</title>`);
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(meta(html, "description"), path).toContain(description.replaceAll("'", "&#39;"));
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(meta(html, "canonical"), path).toBe(`${server.url}${path}`);
      expect(meta(html, "og:url"), path).toBe(`${server.url}${path}`);
      expect(meta(html, "og:site_name"), path).toBe("Storie.ai");
      expect(meta(html, "og:locale"), path).toBe("it_IT");
      expect(html.indexOf("og:title"), path).toBeLessThan(html.indexOf("</head>"));
    }
  });

  it("a template's page carries its title, description and cover, escaped; a wrong slug redirects; a missing one answers 404", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const title = 'Il "Faro" <di> Àlbera & $& co';
    const created = await admin.json("POST", "/api/admin/templates", {
      ...TEMPLATE_FORM_DEFAULTS,
      title,
      description: "Un guardiano scomparso <script>alert(1)</script>",
      cover_image_url: "https://img.example/faro.png",
      initial_prompt: "La lanterna si accende da sola.",
    });
    expect(created.status).toBe(201);
    const path = templatePath(created.body.id, title);
    const response = await visitor.request("GET", path);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Il &quot;Faro&quot; &lt;di&gt; Àlbera &amp; $&amp; co · Storie.ai</title>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(meta(html, "og:description")).toBe("Un guardiano scomparso &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(meta(html, "og:image")).toBe("https://img.example/faro.png");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "canonical")).toBe(`${server.url}${path}`);
    expect(meta(html, "og:type")).toBe("article");

    // A wrong slug leads to the template's own address.
    const wrong = await visitor.request("GET", `/scopri/titolo-vecchio/${created.body.id}`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("location")).toBe(path);

    const missing = await visitor.request("GET", "/scopri/nessuno/00000000-0000-0000-0000-000000000000");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<title>Template non trovato · Storie.ai</title>");
  });
});
