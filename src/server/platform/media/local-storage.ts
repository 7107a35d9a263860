/** Local-folder media storage (default): files under <DATA_DIR>/media/<key>. */

import crypto from "node:crypto";
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { assertValidMediaKey, contentTypeOfKey, isValidMediaKey, type MediaStorage, mediaUrl, type StoredMediaEntry } from "./media-storage";

/**
 * Creates the local storage.
 * Input: the root folder (created on first write). Writes go to a temporary file renamed into
 * place, so a reader never sees half an image.
 */
export function createLocalMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));

  return {
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
    async *list() {
      yield* walk(root, "");
    },
  };
}

/** Files under `folder` (key prefix `prefix`), depth first; names that are not valid keys are skipped. */
async function* walk(folder: string, prefix: string): AsyncGenerator<StoredMediaEntry> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      yield* walk(file, `${key}/`);
    } else if (entry.isFile() && isValidMediaKey(key)) {
      const stat = await fs.stat(file).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtime };
    }
  }
}
