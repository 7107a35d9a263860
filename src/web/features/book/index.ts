/** The book feature's public surface (issue 37): 'Esporta', the story as an EPUB or PDF book (issue 13). */

export { ExportMenu } from "./components/export-menu";
