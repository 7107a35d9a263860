/**
 * Issue 39 in a real Chromium: 'Notifiche sul telefono' in Profilo. Chromium's PushManager needs
 * its push service (Google's), which a machine offline cannot reach: the switch either turns on
 * (online) or says, in Italian, that it could not; either way the service worker /sw.js is then
 * registered for the whole site and active. Subscriptions and delivery are proven over HTTP in
 * src/server/features/push/push.test.ts.
 */

import { expect, test } from "@playwright/test";
import { signedInPlayer } from "./fixtures";

// The site's service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

test("the profile's push card registers the service worker and shows its switch's outcome", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await signedInPlayer(page);
  await page.goto("/profilo");
  await expect(page.getByRole("heading", { name: "Notifiche sul telefono", level: 2 })).toBeVisible();
  const toggle = page.getByRole("switch", { name: "Attiva le notifiche su questo dispositivo" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toBeEnabled();

  const sw = await page.request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["service-worker-allowed"]).toBe("/");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);

  await toggle.click();
  const turnedOn = page.getByText("Notifiche attivate");
  const refused = page.getByText("Non è stato possibile attivare le notifiche su questo browser.");
  await expect(turnedOn.or(refused).first()).toBeVisible({ timeout: 20_000 });
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return { scope: registration?.scope, script: registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? registration?.waiting?.scriptURL };
  });
  expect(worker.scope).toBe(new URL("/", baseURL).href);
  expect(worker.script).toBe(new URL("/sw.js", baseURL).href);

  if (await turnedOn.isVisible()) {
    // Online: the checkboxes of the kinds, all on, saved as they change.
    const turn = page.getByRole("checkbox", { name: "'Tocca a te' in una storia di gruppo" });
    await expect(turn).toBeChecked();
    await turn.click();
    await expect(turn).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
  } else {
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("checkbox", { name: "'Tocca a te' in una storia di gruppo" })).toHaveCount(0);
  }
});
