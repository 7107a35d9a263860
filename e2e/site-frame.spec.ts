/**
 * The site frame's on-demand parts (spec §2 Site frame; issue 12: loaded on first use): on a
 * phone, 'Apri il menu' opens the drawer with the site's links, a choice navigates and closes it,
 * and Escape gives the focus back to the menu button; 'Privacy Policy' in the footer opens the
 * notice, which also gives the focus back when closed. Neither part's code is loaded before.
 */

import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

/** The script URLs the page has loaded so far. */
const loadedScripts = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => name.endsWith(".js")));

test("on a phone the menu drawer loads on first use, navigates, and gives the focus back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accetta" }).click();
  expect((await loadedScripts(page)).filter((url) => url.includes("mobile-drawer"))).toEqual([]);

  const menuButton = page.getByRole("button", { name: "Apri il menu" });
  await menuButton.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("navigation", { name: "Menu principale" })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole("link", { name: "Scopri" }).click();
  await expect(page).toHaveURL(/\/scopri$/);
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test("'Privacy Policy' opens the notice on first use and gives the focus back", async ({ page }) => {
  await page.goto("/generi", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accetta" }).click();
  expect((await loadedScripts(page)).filter((url) => url.includes("privacy-notice"))).toEqual([]);

  const button = page.getByRole("contentinfo").getByRole("button", { name: "Privacy Policy" });
  await button.click();
  const notice = page.getByRole("dialog", { name: "Informativa sulla Privacy" });
  await expect(notice).toBeVisible();
  await expect(notice.getByText("Ultimo aggiornamento: 15 giugno 2025")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();
  await expect(button).toBeFocused();
  // It opens again.
  await button.click();
  await expect(notice).toBeVisible();
});
