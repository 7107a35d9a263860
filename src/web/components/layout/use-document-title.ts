import { documentTitle } from "@shared/document-title";
import { type RefObject, useEffect } from "react";
import { BRAND_NAME } from "./brand";

/**
 * Keeps the tab's title on the page shown (issue 12): on the home page the site's title, on any
 * other its main heading (<h1> in `main`) then the site, as the server writes it for the first
 * page (src/shared/document-title.ts). Follows the heading when it changes, e.g. once a template
 * or a game has loaded. Input: the pathname and a ref to the <main> element.
 */
export function useDocumentTitle(pathname: string, main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = main.current;
    if (!element) return;
    const update = () => {
      const heading = pathname === "/" ? null : (element.querySelector("h1")?.textContent?.trim() ?? null);
      const title = documentTitle(heading || null, `${BRAND_NAME}.ai`);
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
