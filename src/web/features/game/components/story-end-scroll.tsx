import { SCROLL_TO_STORY_END_SCRIPT } from "@shared/first-paint-scripts";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * In a game page the server renders (issue 21), an inline script right after the page's end
 * marker (the element after the command bar) that brings the marker to the bottom of the screen
 * before the first paint: the page opens at the end of the story, where the player resumes
 * (VirtualStory keeps it there once the app runs). Renders nothing in the browser once hydrated,
 * nor in a page the browser renders itself.
 */
export function StoryEndScroll() {
  const hydrated = useHydrated();
  return hydrated ? null : <script>{SCROLL_TO_STORY_END_SCRIPT}</script>;
}
