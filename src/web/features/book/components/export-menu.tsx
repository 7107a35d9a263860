/**
 * 'Esporta' (issue 13 "The story as a book"), on the game page's header and on each game of
 * /profilo: the button, light until first used (issue 21); its menu (export-dropdown.tsx: EPUB,
 * PDF) loads the first time the player opens it, and starts loading as soon as the player points
 * at or focuses the button.
 */

import { lazy } from "react";
import { OnFirstUse } from "@/components/on-first-use";
import { ExportButton, type ExportMenuProps } from "./export-button";

const loadDropdown = () => import("./export-dropdown");
const ExportDropdown = lazy(loadDropdown);

/** Input: see ExportMenuProps. Output: the 'Esporta' button, then its menu once opened. */
export function ExportMenu(props: ExportMenuProps) {
  const { gameId: _gameId, ...button } = props;
  return (
    <OnFirstUse load={loadDropdown} light={(handlers) => <ExportButton {...button} aria-haspopup="menu" aria-expanded={false} {...handlers} />}>
      <ExportDropdown {...props} />
    </OnFirstUse>
  );
}
