/**
 * A public gallery picture for tests of what happens to one (reports, decisions, the e-mails
 * they send), stored as /visualizza stores it, without drawing a picture.
 */

import { randomUUID } from "node:crypto";
import { imageSlug } from "../../shared/image-slug";
import { nowIso } from "../platform/clock";
import type { TestServer } from "./harness";

/** Stores a picture of `userId` titled `title` in the gallery. Output: its id. */
export async function addGalleryImage(server: TestServer, userId: string, title: string): Promise<string> {
  const id = randomUUID();
  await server.deps.db
    .insertInto("generated_images")
    .values({ id, user_id: userId, image_url: `/media/images/test/${id}.png`, prompt: title, created_at: nowIso(), slug: imageSlug(title), width: 64, height: 36 })
    .execute();
  return id;
}
