/**
 * The admin console's words (issue 39) in a real Chromium: 'Registro attività' shows every entry
 * in Italian (a label per action, roles by their Italian names, an edited genre prompt as its
 * changed fields with real line breaks, dates as Italians write them), a genre card shows its
 * temperature as stored (0,75) and the user page counts a quota as the users' list does
 * ('rimasti / limite'). Screenshots of the audit page at 390, 1280 and 1440 px.
 */

import { expect, test } from "@playwright/test";
import { expectAccessible, screenshots, signInAdmin, signedInPlayer } from "./fixtures";

test("'Registro attività' reads in Italian: labels, roles, a prompt's changed fields with their line breaks, dates; a genre's temperature as stored; a quota as 'rimasti / limite'", async ({ page, browser, baseURL }) => {
  const headers = { origin: baseURL! };
  const context = await browser.newContext();
  const player = { email: await signedInPlayer(await context.newPage()) };
  await context.close();
  await signInAdmin(page);
  const { items } = (await (await page.request.get(`/api/admin/users?search=${encodeURIComponent(player.email)}`)).json()) as { items: { id: string }[] };
  const userId = items[0]!.id;
  // The user page counts what is left, as the users' list does (issue 39).
  await page.goto(`/admin/users/${userId}`);
  await expect(page.locator("xpath=//dt[.='Messaggi rimasti oggi']/following-sibling::dd[1]")).toHaveText("15 / 15");
  expect((await page.request.put(`/api/admin/users/${userId}`, { headers, data: { email: player.email, role: "moderator", plan: "base" } })).ok()).toBe(true);
  expect((await page.request.delete(`/api/admin/users/${userId}`, { headers })).ok()).toBe(true);
  // A genre prompt saved with a temperature of two decimals and a line more in its prompt.
  type Prompt = { id: string; genre: string; version: number; updated_at: string; system_prompt: string; temperature: number };
  const prompts = ((await (await page.request.get("/api/admin/genres")).json()) as { prompts: Prompt[] }).prompts;
  const { id: promptId, genre: _genre, updated_at: _at, version, ...original } = prompts.find((p) => p.genre === "Western")!;
  const save = (values: Omit<Prompt, "id" | "genre" | "updated_at">) => page.request.put(`/api/admin/genres/${promptId}`, { headers, data: values });
  expect((await save({ ...original, system_prompt: `${original.system_prompt}\nParla piano.`, temperature: 0.75, version })).ok()).toBe(true);
  try {
    await page.goto("/admin/genres");
    await expect(page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { level: 2, name: "Western", exact: true }) })).toContainText("0,75");

    await page.goto("/admin/audit");
    await page.getByRole("button", { name: "Rifiuta" }).click();
    const entries = page.getByRole("list", { name: "Eventi" }).getByRole("listitem");
    const action = page.getByLabel("Azione", { exact: true });
    await action.selectOption({ label: "Utente modificato" });
    await expect(entries.filter({ hasText: player.email }).filter({ hasText: "Utente modificato" })).toContainText("ruolo Utente → Moderatore");
    await action.selectOption({ label: "Utente disattivato" });
    const deactivated = entries.filter({ hasText: player.email }).filter({ hasText: "Utente disattivato" });
    await expect(deactivated).toContainText(/cancellazione prevista: \d{1,2} [a-z]+ \d{4}/);
    await expect(deactivated).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await action.selectOption({ label: "Prompt di genere aggiornato" });
    const edit = entries.filter({ hasText: "Prompt del genere Western" }).first();
    await edit.getByText("Dettagli").click();
    const fields = edit.locator("details p");
    await expect(fields).toContainText("Temperatura: 0,75");
    // The prompt's text with its real line breaks: the new line is a line of its own, never '\n' or JSON.
    expect((await fields.innerText()).split("\n")).toContain("Parla piano.");
    await expect(edit).not.toContainText(/[{}]|\\n/);
    await action.selectOption({ label: "Tutte" });
    await expect(entries.first()).toBeVisible();
    for (const key of ["admin.user", "admin.genre_prompt", "moderation.", "→ moderator"]) await expect(page.getByRole("list", { name: "Eventi" })).not.toContainText(key);
    await action.selectOption({ label: "Prompt di genere aggiornato" });
    await expect(entries.first()).toContainText("Prompt del genere Western");
    // Open for the screenshots (the entry may still be open from above: the list keeps it).
    const details = entries.first().locator("details");
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.getByText("Dettagli").click();
    await expect(details.locator("p")).toBeVisible();
    await expect(details.locator("p")).toContainText("Temperatura: 0,75");
    await expectAccessible(page);
    await screenshots(page, "admin-audit-italian");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: "e2e-artifacts/screenshots/admin-audit-italian-1280.png", fullPage: true });
  } finally {
    const current = ((await (await page.request.get("/api/admin/genres")).json()) as { prompts: Prompt[] }).prompts.find((p) => p.id === promptId)!;
    expect((await save({ ...original, version: current.version })).ok()).toBe(true);
  }
});
