/**
 * A friend whose live stream connects only after the host's turn (the header opens the stream
 * after the page has shown the story) still sees that turn and plays their own; while the
 * narration answering them is written, the choices stay on the buttons, disabled (issue 39).
 * Runs its own built server (extra-server.ts) with a narrator slow enough to read mid-way.
 */

import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { messageBox, narratedAfter, newPlayer, playersOf } from "./group-fixtures";

let server: ExtraServer;

test.beforeAll(async () => {
  server = await startExtraServer({ OFFLINE_WORD_DELAY_MS: "60" });
});

test.afterAll(() => server.stop());

test("a friend whose live stream opens after the host's turn still sees it, and plays their own", async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const host = await newPlayer(browser, server, `Ada_${suffix}`);
  const friend = await newPlayer(browser, server, `Bruno_${suffix}`);
  const headers = { origin: server.base };
  const game = (await (await host.request.post("/api/games", { data: { genre: "fantasy" }, headers })).json()) as { id: string };
  const { url } = (await (await host.request.post(`/api/games/${game.id}/invitations`, { headers })).json()) as { url: string };
  expect((await friend.request.post(`/api/invitations/${url.split("/").at(-1)}/join`, { data: { characterName: "Nerea", characterLine: "" }, headers })).ok()).toBe(true);

  // The friend's page is there (present to the host), but its stream of events waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await friend.route("**/api/events", async (route) => {
    await held;
    await route.continue();
  });
  for (const page of [host, friend]) await page.goto(`/gioco/fantasy/${game.id}`);
  await expect(playersOf(host).filter({ hasText: "assente" })).toHaveCount(0);
  await host.getByRole("button", { name: "/inizia" }).click();
  await narratedAfter(host, "/inizia");

  // Connected late, the friend's page catches up: the story started and it is their turn.
  release();
  await narratedAfter(friend, "/inizia");
  await expect(messageBox(friend)).toBeEnabled();
  await messageBox(friend).pressSequentially("Apro la porta");
  await messageBox(friend).press("Enter");
  // While the narration answering them is written, the choices stay on the buttons, disabled (issue 39).
  await expect(friend.locator("li[aria-busy=true]")).toContainText(/\p{L}{4}/u);
  await expect(friend.getByRole("button", { name: /^\/A \p{L}/u })).toBeDisabled();
  await expect(friend.getByRole("button", { name: "Stop" })).toBeVisible();
  await narratedAfter(host, "Apro la porta");
  await expect(host.getByRole("button", { name: /^\/A \p{L}/u })).toBeEnabled();
  await Promise.all([host.context().close(), friend.context().close()]);
});
