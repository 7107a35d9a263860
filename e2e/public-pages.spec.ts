/**
 * Public pages load only the code they use (issue 12): a visitor opening /, /generi, /scopri,
 * /galleria or /prezzi downloads no zod (forms and their schemas load with the pages that have
 * them), while /login, which has forms, does. zod is recognised by its `jitless` setting, which
 * its core and the web's configuration (src/web/lib/zod.ts) both hold.
 */

import { expect, type Page, test } from "@playwright/test";

/** The scripts a page loads until the network is idle, with their text. */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; text: string }[]> {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  const listener = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  };
  page.on("response", listener);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("response", listener);
  return Promise.all(scripts);
}

test("public pages without forms load no zod; the login page, with its forms, does", async ({ page }) => {
  for (const path of ["/", "/generi", "/scopri", "/galleria", "/prezzi"]) {
    const scripts = await scriptsOf(page, path);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.text.includes("jitless")).map((s) => s.url), path).toEqual([]);
  }
  const login = await scriptsOf(page, "/login");
  expect(login.some((s) => s.text.includes("jitless"))).toBe(true);
});
