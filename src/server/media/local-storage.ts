/** Local-folder media storage (default): files under <DATA_DIR>/media/<key>. */

import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertValidMediaKey, contentTypeOfKey, isValidMediaKey, keyFromMediaUrl, type MediaStorage, mediaUrl } from "./media-storage";

/**
 * Creates the local storage.
 * Input: the root folder (created on first write). Writes go to a temporary file renamed into
 * place, so a reader never sees half an image.
 */
export function createLocalMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));

  const storage: MediaStorage = {
    kind: "local",
    async put(key, bytes) {
      assertValidMediaKey(key);
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return { key, url: mediaUrl(key) };
    },
    async get(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const bytes = await fs.readFile(fileOf(key));
        return { bytes, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidMediaKey(key)) return;
      await fs.rm(fileOf(key), { force: true });
    },
    async deleteByUrls(urls) {
      let removed = 0;
      for (const url of urls) {
        const key = keyFromMediaUrl(url);
        if (!key) continue;
        await storage.delete(key);
        removed += 1;
      }
      return removed;
    },
  };
  return storage;
}
