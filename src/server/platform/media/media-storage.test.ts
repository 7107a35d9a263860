/** Media storage (issue 3): safe keys, public URLs, the local folder and the S3 commands sent. */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { createLocalMediaStorage } from "./local-storage";
import { downloadKeyOf, isValidMediaKey, keyFromMediaUrl, referencedKeyOf } from "./media-storage";
import { createS3MediaStorage } from "./s3-storage";

describe("media keys and URLs", () => {
  it("accepts lower-case relative image keys only", () => {
    expect(isValidMediaKey("images/2025/01/0f8b1c2e-3d4a.png")).toBe(true);
    for (const bad of ["../auth-secret", "images/../x.png", "/abs.png", "images/x.exe", "Images/X.PNG", "images//x.png", ""]) {
      expect(isValidMediaKey(bad)).toBe(false);
    }
  });

  it("maps only this site's own media URLs to a key: relative, or on PUBLIC_URL's origin (issue 9 #11)", () => {
    const site = "https://storie.example";
    expect(keyFromMediaUrl("/media/images/a.png", undefined)).toBe("images/a.png");
    expect(keyFromMediaUrl("/media/images/a.png?v=1#x", site)).toBe("images/a.png");
    expect(keyFromMediaUrl("https://storie.example/media/images/a.webp?v=1", site)).toBe("images/a.webp");
    for (const foreign of [
      "https://altrove.example/media/images/a.png",
      "http://storie.example/media/images/a.png",
      "https://storie.example.evil.example/media/images/a.png",
      "//altrove.example/media/images/a.png",
      "/\\altrove.example/media/images/a.png",
      "media/images/a.png",
      "https://cdn.example/x/a.png",
      "/media/../storie.sqlite",
      "javascript:alert(1)//media/images/a.png",
    ]) {
      expect(keyFromMediaUrl(foreign, site), foreign).toBeNull();
    }
    // Without PUBLIC_URL no absolute URL is ours, not even one on this host.
    expect(keyFromMediaUrl("https://storie.example/media/images/a.png", undefined)).toBeNull();
  });

  it("reads any host's /media path only to keep files, and names the download PNG beside its original", () => {
    expect(referencedKeyOf("http://localhost:3000/media/covers/a.png?v=2")).toBe("covers/a.png");
    expect(referencedKeyOf("https://cdn.example/x/a.png")).toBeNull();
    expect(downloadKeyOf("images/2025/01/abc.webp")).toBe("downloads/images/2025/01/abc.png");
    expect(isValidMediaKey(downloadKeyOf("images/2025/01/abc.jpeg"))).toBe(true);
  });
});

describe("local storage", () => {
  it("writes, reads with the content type, lists with dates, deletes", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
    const storage = createLocalMediaStorage(root);
    const put = await storage.put("images/t/a.webp", Buffer.from("abc"), "image/webp");
    expect(put).toEqual({ key: "images/t/a.webp", url: "/media/images/t/a.webp" });
    expect(await storage.get("images/t/a.webp")).toEqual({ bytes: Buffer.from("abc"), contentType: "image/webp" });
    expect(await storage.get("images/t/none.png")).toBeNull();
    await expect(storage.put("../x.png", Buffer.from(""), "image/png")).rejects.toThrow();
    fs.writeFileSync(path.join(root, "images", "t", "a.webp.123.tmp"), "half");
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry);
    expect(listed.map((e) => e.key)).toEqual(["images/t/a.webp"]);
    expect(Date.now() - listed[0]!.modifiedAt.getTime()).toBeLessThan(60_000);
    await storage.delete("images/t/a.webp");
    expect(await storage.get("images/t/a.webp")).toBeNull();
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe("S3 storage", () => {
  it("sends prefixed keys with content type and cache, reads back, lists every page, deletes one key", async () => {
    const sent: unknown[] = [];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof GetObjectCommand) {
          return { ContentType: "image/png", Body: { transformToByteArray: async () => new Uint8Array([1, 2, 3]) } };
        }
        if (command instanceof ListObjectsV2Command) {
          const first = command.input.ContinuationToken === undefined;
          return first
            ? { Contents: [{ Key: "media/images/a.png", LastModified: new Date(1) }, { Key: "media/Non Valida.txt" }], IsTruncated: true, NextContinuationToken: "2" }
            : { Contents: [{ Key: "media/covers/b.webp", LastModified: new Date(2) }], IsTruncated: false };
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
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry);
    expect(listed).toEqual([
      { key: "images/a.png", modifiedAt: new Date(1) },
      { key: "covers/b.webp", modifiedAt: new Date(2) },
    ]);
    const lists = sent.filter((c): c is ListObjectsV2Command => c instanceof ListObjectsV2Command);
    expect(lists.map((l) => [l.input.Prefix, l.input.ContinuationToken])).toEqual([
      ["media/", undefined],
      ["media/", "2"],
    ]);
    await storage.delete("images/a.png");
    expect(sent.at(-1)).toBeInstanceOf(DeleteObjectCommand);
    expect((sent.at(-1) as DeleteObjectCommand).input).toEqual({ Bucket: "storie", Key: "media/images/a.png" });
  });
});
