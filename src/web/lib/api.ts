/**
 * JSON API client for /api (same origin, session cookie). Errors come back as ApiError with the
 * server's Italian title and message (DESIGN §6), ready for a toast.
 */

import type { ApiErrorBody } from "@shared/errors";
import { ERRORS } from "@shared/errors";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly title: string = "Errore",
  ) {
    super(message);
  }
}

/** Reads an error body ({error: {code, message, title}}) or falls back to the generic text. */
export async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error) return new ApiError(response.status, body.error.code, body.error.message, body.error.title);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(response.status, "GENERIC", ERRORS.GENERIC.message, ERRORS.GENERIC.title);
}

/**
 * Calls the API. Input: path under /api, optional method and body: JSON, or a FormData sent as
 * multipart as it is (a file upload). Output: the parsed JSON (undefined for a 204 No Content).
 * Throws ApiError on any non-2xx answer or network failure.
 */
export async function api<T>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  const multipart = options.body instanceof FormData;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: options.body === undefined || multipart ? undefined : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", ERRORS.GENERIC.message, ERRORS.GENERIC.title);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
