/** Media storage (issue 3): safe keys, public URLs, the local folder and the S3 commands sent. */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { createLocalMediaStorage } from "./local-storage";
import { isValidMediaKey, keyFromMediaUrl } from "./media-storage";
import { createS3MediaStorage } from "./s3-storage";

describe("media keys and URLs", () => {
  it("accepts lower-case relative image keys only", () => {
    expect(isValidMediaKey("images/2025/01/0f8b1c2e-3d4a.png")).toBe(true);
    for (const bad of ["../auth-secret", "images/../x.png", "/abs.png", "images/x.exe", "Images/X.PNG", "images//x.png", ""]) {
      expect(isValidMediaKey(bad)).toBe(false);
    }
  });

  it("reads the key behind our /media URLs and ignores others", () => {
    expect(keyFromMediaUrl("/media/images/a.png")).toBe("images/a.png");
    expect(keyFromMediaUrl("https://storie.example/media/images/a.webp?v=1")).toBe("images/a.webp");
    expect(keyFromMediaUrl("https://cdn.example/x/a.png")).toBeNull();
    expect(keyFromMediaUrl("/media/../storie.sqlite")).toBeNull();
  });
});

describe("local storage", () => {
  it("writes, reads with the content type, deletes by URL", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
    const storage = createLocalMediaStorage(root);
    const put = await storage.put("images/t/a.webp", Buffer.from("abc"), "image/webp");
    expect(put).toEqual({ key: "images/t/a.webp", url: "/media/images/t/a.webp" });
    expect(await storage.get("images/t/a.webp")).toEqual({ bytes: Buffer.from("abc"), contentType: "image/webp" });
    expect(await storage.get("images/t/none.png")).toBeNull();
    await expect(storage.put("../x.png", Buffer.from(""), "image/png")).rejects.toThrow();
    expect(await storage.deleteByUrls([put.url, "https://altrove.example/a.png"])).toBe(1);
    expect(await storage.get("images/t/a.webp")).toBeNull();
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe("S3 storage", () => {
  it("sends prefixed keys with content type and cache, reads back, deletes in batches of 1,000", async () => {
    const sent: unknown[] = [];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof GetObjectCommand) {
          return { ContentType: "image/png", Body: { transformToByteArray: async () => new Uint8Array([1, 2, 3]) } };
        }
        return {};
      },
    } as unknown as S3Client;
    const storage = createS3MediaStorage({ bucket: "storie", region: "eu-south-1", forcePathStyle: true, prefix: "media/", client });
    expect(await storage.put("images/a.png", Buffer.from([9]), "image/png")).toEqual({ key: "images/a.png", url: "/media/images/a.png" });
    const put = sent[0] as PutObjectCommand;
    expect(put).toBeInstanceOf(PutObjectCommand);
    expect(put.input).toMatchObject({ Bucket: "storie", Key: "media/images/a.png", ContentType: "image/png", CacheControl: "public, max-age=31536000, immutable" });
    expect(await storage.get("images/a.png")).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });
    const urls = Array.from({ length: 1500 }, (_, i) => `/media/images/${i}.png`);
    expect(await storage.deleteByUrls(urls)).toBe(1500);
    const deletes = sent.filter((c): c is DeleteObjectsCommand => c instanceof DeleteObjectsCommand);
    expect(deletes.map((d) => d.input.Delete?.Objects?.length)).toEqual([1000, 500]);
    expect(deletes[0]!.input.Delete?.Objects?.[0]).toEqual({ Key: "media/images/0.png" });
  });
});
