/**
 * Issue 9, low items, in the browser:
 * - the runtime site configuration: a server started with BRAND_NAME, COMMUNITY_URL, SOCIAL_URL
 *   and PRIVACY_EMAIL shows them in the header, footer and privacy notice of the built site
 *   (no rebuild);
 * - no Content-Security-Policy violation and no console error on the profile and admin pages
 *   (zod's `new Function` probe used to trip the CSP's eval ban);
 * - a sign-in refused for its origin shows the server's Italian text, not 'email not confirmed'
 *   (finding 7).
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signedInPlayer, signInAdmin } from "./fixtures";

const BRAND = { BRAND_NAME: "Fiabe", COMMUNITY_URL: "https://chat.example/fiabe", SOCIAL_URL: "https://social.example/@fiabe", PRIVACY_EMAIL: "privacy@fiabe.example" };

/** Starts the built server with the given brand on a free port and an empty database. */
async function startBrandedServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-e2e-brand-"));
  const child: ChildProcess = spawn(process.execPath, ["dist-server/index.js"], {
    env: { ...process.env, ...BRAND, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "", AI_BASE_URL: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = / in ascolto su (http:\/\/[^\s"]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects CSP violations, console errors and uncaught page errors from now on. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});

test("the server's BRAND_NAME and links reach the page without a rebuild", async ({ page }) => {
  const server = await startBrandedServer();
  try {
    await page.goto(server.url);
    await expect(page).toHaveTitle(/^Fiabe\.ai/);
    await expect(page.getByRole("banner").getByText("Fiabe", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /Community/ })).toHaveAttribute("href", BRAND.COMMUNITY_URL);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(`© ${new Date().getFullYear()} Fiabe.ai`)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Unisciti alla community" })).toHaveAttribute("href", BRAND.COMMUNITY_URL);
    await expect(footer.getByRole("link", { name: "Seguici sui social" })).toHaveAttribute("href", BRAND.SOCIAL_URL);
    await footer.getByRole("button", { name: "Privacy Policy" }).click();
    const notice = page.getByRole("dialog", { name: "Informativa sulla Privacy" });
    await expect(notice.getByRole("link", { name: BRAND.PRIVACY_EMAIL }).first()).toHaveAttribute("href", `mailto:${BRAND.PRIVACY_EMAIL}`);
    await expect(notice.getByText("Il titolare del trattamento dei dati personali è Fiabe.ai.", { exact: false })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.screenshot({ path: "e2e-artifacts/screenshots/site-config-brand-desktop.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e-artifacts/screenshots/site-config-brand-phone.png", fullPage: true });
  } finally {
    await server.stop();
  }
});

test("without configuration no placeholder link or contact is shown (issue 22 §6)", async ({ page }) => {
  // The suite's server sets no COMMUNITY_URL, SOCIAL_URL or PRIVACY_EMAIL.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Community/ })).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Unisciti alla community" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Seguici sui social" })).toHaveCount(0);
  await footer.getByRole("button", { name: "Privacy Policy" }).click();
  const notice = page.getByRole("dialog", { name: "Informativa sulla Privacy" });
  await expect(notice.getByText("Il titolare del trattamento dei dati personali è Storie.ai.", { exact: false })).toBeVisible();
  await expect(notice.getByText("dove puoi esportare i tuoi dati o eliminare l'account.", { exact: false })).toBeVisible();
  await expect(notice.locator('a[href^="mailto:"]')).toHaveCount(0);
});

test("no CSP violation or console error on the public pages, for a visitor and for a player", async ({ page }) => {
  const problems = watchForErrors(page);
  const visit = async () => {
    for (const path of ["/", "/generi", "/scopri", "/galleria", "/prezzi"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
  };
  await visit();
  expect(problems, "as a visitor").toEqual([]);
  await signedInPlayer(page);
  await visit();
  expect(problems, "as a player").toEqual([]);
});

test("no CSP violation or console error on the profile page", async ({ page }) => {
  await signedInPlayer(page);
  const problems = watchForErrors(page);
  await page.goto("/profilo");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("no CSP violation or console error on the admin pages", async ({ page }) => {
  await signInAdmin(page);
  const problems = watchForErrors(page);
  for (const path of ["/admin", "/admin/users", "/admin/templates", "/admin/genres", "/admin/orders"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});

test("a sign-in from an address the server does not recognise says so in Italian", async ({ page, baseURL }) => {
  // The e2e server's PUBLIC_URL is http://127.0.0.1:PORT; http://localhost:PORT is another origin.
  const foreign = baseURL!.replace("127.0.0.1", "localhost");
  await page.context().addCookies([{ name: "storie_prova", value: "1", url: foreign }]);
  for (const [label, size] of [["desktop", { width: 1280, height: 720 }], ["phone", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    await page.goto(`${foreign}/login`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    const toast = page.getByRole("listitem").filter({ hasText: "Indirizzo non riconosciuto" });
    await expect(toast).toContainText("Questo indirizzo del sito non è riconosciuto. Apri il sito dal suo indirizzo principale e riprova.");
    await expect(page.getByText(/Conferma il tuo indirizzo email/)).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: `e2e-artifacts/screenshots/origin-refused-${label}.png` });
  }
});
