/**
 * Shared media are never destroyed (issue 9 finding 11), over real HTTP on SQLite and
 * PostgreSQL: deleting a template keeps a cover that a gallery image, another template or a
 * player's copy still shows, removes it with the last reference, never touches a file named by a
 * foreign host; the sweep removes old files nobody shows and keeps fresh and referenced ones, on
 * the local folder and on S3 (fake client).
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_FORM_DEFAULTS } from "../../shared/schemas/template";
import { nowIso } from "../platform/clock";
import { DIALECTS, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../testing/harness";
import { deleteUnreferencedMedia, sweepUnreferencedMedia } from "./media-references";
import { downloadKeyOf } from "../platform/media/media-storage";
import { createS3MediaStorage } from "../platform/media/s3-storage";

const ADMIN = { email: "capo-media@example.com", password: "password-admin-1" };
const DAY = 24 * 60 * 60 * 1000;

const FORM = {
  ...TEMPLATE_FORM_DEFAULTS,
  title: "La torre condivisa",
  description: "Una copertina che più storie mostrano insieme.",
  genre: "Fantasy",
  initial_prompt: "La torre si staglia contro il cielo rosso del tramonto.",
};

/** An in-memory bucket answering the four commands the S3 storage sends; lists 2 keys a page. */
function fakeBucket() {
  const objects = new Map<string, { body: Uint8Array; contentType: string; modified: Date }>();
  const client = {
    send: async (command: unknown) => {
      if (command instanceof PutObjectCommand) {
        objects.set(command.input.Key!, { body: command.input.Body as Uint8Array, contentType: command.input.ContentType!, modified: new Date() });
        return {};
      }
      if (command instanceof GetObjectCommand) {
        const o = objects.get(command.input.Key!);
        if (!o) throw Object.assign(new Error("missing"), { name: "NoSuchKey" });
        return { ContentType: o.contentType, Body: { transformToByteArray: async () => o.body } };
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(command.input.Key!);
        return {};
      }
      if (command instanceof ListObjectsV2Command) {
        const keys = [...objects.keys()].filter((k) => k.startsWith(command.input.Prefix ?? "")).sort();
        const start = Number(command.input.ContinuationToken ?? 0);
        const page = keys.slice(start, start + 2);
        const more = start + 2 < keys.length;
        return {
          Contents: page.map((Key) => ({ Key, LastModified: objects.get(Key)!.modified })),
          IsTruncated: more,
          NextContinuationToken: more ? String(start + 2) : undefined,
        };
      }
      throw new Error(`unexpected command ${String(command)}`);
    },
  } as unknown as S3Client;
  return { client, objects };
}

describe.each(DIALECTS)("shared media on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#224466" } }).png().toBuffer();
  });
  afterAll(() => server.close());

  const mediaFile = (key: string) => path.join(server.deps.env.DATA_DIR, "media", ...key.split("/"));
  const exists = (key: string) => fs.existsSync(mediaFile(key));
  const age = (key: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    fs.utimesSync(mediaFile(key), when, when);
  };

  async function storeFile(folder = "covers/test"): Promise<{ key: string; url: string }> {
    return server.deps.media.put(`${folder}/${randomUUID()}.png`, png, "image/png");
  }

  async function createTemplate(cover: string): Promise<string> {
    const res = await admin.json("POST", "/api/admin/templates", { ...FORM, cover_image_url: cover });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function deleteTemplate(id: string) {
    expect((await admin.json("DELETE", `/api/admin/templates/${id}`)).status).toBe(200);
  }

  it("deleting a template keeps a cover a gallery image also shows; the last reference takes the file", async () => {
    const { key, url } = await storeFile();
    const imageId = randomUUID();
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: imageId, user_id: null, image_url: url, prompt: "Scena", created_at: nowIso(), slug: "scena" })
      .execute();
    await deleteTemplate(await createTemplate(url));
    expect(exists(key)).toBe(true);
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);

    await server.deps.db.deleteFrom("generated_images").where("id", "=", imageId).execute();
    await deleteTemplate(await createTemplate(url));
    expect(exists(key)).toBe(false);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });

  it("keeps a cover another template shows, whatever its spelling, and one a player's copy shows", async () => {
    const { key, url } = await storeFile();
    const first = await createTemplate(url);
    // The same file typed as an absolute URL with a query: still the same file, still shown.
    const second = await createTemplate(`https://storie.example${url}?v=2`);
    await deleteTemplate(first);
    expect(exists(key)).toBe(true);

    const player = await registerPlayer(server);
    expect((await player.client.json("POST", `/api/templates/${second}/play`)).status).toBe(201);
    const third = await createTemplate(url);
    await deleteTemplate(second);
    await deleteTemplate(third);
    expect(exists(key)).toBe(true);

    await server.deps.db.deleteFrom("saved_games").where("user_id", "=", player.id).execute();
    const last = await createTemplate(url);
    await deleteTemplate(last);
    expect(exists(key)).toBe(false);
  });

  it("a cover on a foreign host never names one of our files, even with our /media path", async () => {
    const { key } = await storeFile();
    await deleteTemplate(await createTemplate(`https://altrove.example/media/${key}`));
    expect(exists(key)).toBe(true);
    expect(await deleteUnreferencedMedia(server.deps, [`https://altrove.example/media/${key}`, `//altrove.example/media/${key}`])).toEqual({
      deleted: 0,
      kept: 0,
    });
    expect(exists(key)).toBe(true);
  });

  it("the sweep removes old files nobody shows and keeps fresh ones, referenced ones and their download PNG", async () => {
    const orphan = await storeFile();
    const fresh = await storeFile();
    const used = await storeFile();
    const image = await storeFile("images/test");
    const usedPng = downloadKeyOf(image.key);
    await server.deps.media.put(usedPng, png, "image/png");
    const orphanPng = downloadKeyOf(`images/test/${randomUUID()}.webp`);
    await server.deps.media.put(orphanPng, png, "image/png");
    await createTemplate(used.url);
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: randomUUID(), user_id: null, image_url: image.url, prompt: "Scena", created_at: nowIso(), slug: "scena" })
      .execute();
    for (const key of [orphan.key, used.key, image.key, usedPng, orphanPng]) age(key, 2 * DAY);
    age(fresh.key, DAY / 2);

    const result = await sweepUnreferencedMedia(server.deps);
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(exists(orphan.key)).toBe(false);
    expect(exists(orphanPng)).toBe(false);
    for (const key of [fresh.key, used.key, image.key, usedPng]) expect(exists(key)).toBe(true);
  });

  it("the sweep works the same on an S3 bucket, page by page", async () => {
    const bucket = fakeBucket();
    const media = createS3MediaStorage({ bucket: "storie", region: "eu-south-1", forcePathStyle: true, prefix: "media/", client: bucket.client });
    const deps = { ...server.deps, media };
    const keys = ["covers/s3/orfana.png", "covers/s3/usata.png", "covers/s3/nuova.png", "covers/s3/vecchia-orfana.png"];
    for (const key of keys) await media.put(key, png, "image/png");
    bucket.objects.set("altro/non-media.txt", { body: new Uint8Array(), contentType: "text/plain", modified: new Date(0) });
    for (const key of ["covers/s3/orfana.png", "covers/s3/usata.png", "covers/s3/vecchia-orfana.png"]) bucket.objects.get(`media/${key}`)!.modified = new Date(Date.now() - 2 * DAY);
    await createTemplate("/media/covers/s3/usata.png");

    expect(await sweepUnreferencedMedia(deps)).toEqual({ scanned: 4, deleted: 2 });
    expect([...bucket.objects.keys()].sort()).toEqual(["altro/non-media.txt", "media/covers/s3/nuova.png", "media/covers/s3/usata.png"]);
  });
});
