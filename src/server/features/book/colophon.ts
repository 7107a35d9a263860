/** The colophon's line of every book, word for word (issue 13): its own module so the PDF layout worker loads nothing else. */
export const COLOPHON_TEXT = "Creato con Storie.ai";
