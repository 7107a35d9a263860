/**
 * Gallery API for the web (spec §2 Gallery, Image detail; issue 3): pages of public images
 * (keyset cursor, newest first) and one image by id or slug.
 */

import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { GalleryImageView, GalleryPageView } from "@/lib/api-contract";
import { ApiError, api } from "@/lib/api";

/** Images per gallery page. */
export const GALLERY_PAGE_SIZE = 24;

/** Path under /api of one gallery page: the first one for a null cursor. */
export const galleryPagePath = (cursor: string | null) =>
  `/images?limit=${GALLERY_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** Path under /api of one image, by id or slug. */
export const imageApiPath = (idOrSlug: string) => `/images/${encodeURIComponent(idOrSlug)}`;

/**
 * GET /api/images?limit=24&cursor=… as an infinite query: each page is {items, nextCursor};
 * 'Carica altre' asks for the next cursor until it is null.
 */
export const galleryQuery = infiniteQueryOptions({
  queryKey: ["gallery"],
  queryFn: ({ pageParam, signal }) => api<GalleryPageView>(galleryPagePath(pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/**
 * GET /api/images/:idOrSlug → GalleryImageView. A 404 ('Immagine non trovata') is not retried.
 */
export const imageQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ["gallery", "image", idOrSlug],
    queryFn: ({ signal }) => api<GalleryImageView>(imageApiPath(idOrSlug), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/** Download URL of an image as PNG (the server converts WebP/JPEG originals). */
export const downloadUrl = (id: string) => `/api/images/${encodeURIComponent(id)}/download`;
