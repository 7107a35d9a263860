/**
 * Duplicate-session detection (spec §4 Duplicate session, §8 'Sessione già attiva'): each open
 * game page holds one presence per browser tab; a second tab of the same user is told to leave.
 * A reload of the same tab (same tab id) replaces its old presence instead of counting twice.
 */

export interface PresenceLease {
  /** True when another tab of the same user already holds a presence. */
  duplicate: boolean;
  release(): void;
}

export interface Presence {
  /** Registers the tab `tabId` of `userId`. */
  join(userId: string, tabId: string): PresenceLease;
  /** Number of tabs currently present for the user. */
  count(userId: string): number;
}

/** In-process presence (one server instance). */
export function createLocalPresence(): Presence {
  const tabs = new Map<string, Map<string, symbol>>();
  return {
    join(userId, tabId) {
      const mine = tabs.get(userId) ?? new Map<string, symbol>();
      tabs.set(userId, mine);
      const duplicate = [...mine.keys()].some((t) => t !== tabId);
      if (duplicate) return { duplicate, release() {} };
      const token = Symbol(tabId);
      mine.set(tabId, token);
      return {
        duplicate,
        release() {
          if (mine.get(tabId) === token) mine.delete(tabId);
          if (mine.size === 0) tabs.delete(userId);
        },
      };
    },
    count(userId) {
      return tabs.get(userId)?.size ?? 0;
    },
  };
}
