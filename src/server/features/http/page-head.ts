/**
 * The head of a page the server sends (issue 12: canonical URLs and Open Graph on every public
 * page; issue 3: image pages that unfurl when shared): the SPA's index.html with its <title>,
 * meta description, canonical link, Open Graph and Twitter tags set for that page. Every value is
 * escaped: titles and descriptions can come from templates, players or the model.
 */

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

export interface PageHead {
  /** The document's <title>, e.g. "Scopri le storie · Storie.ai". */
  documentTitle: string;
  /** og:title and twitter:title. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** og:site_name, e.g. "Storie.ai". */
  siteName: string;
  type: "website" | "article";
  /** Absolute image URL with its size when known; without it a summary card is announced. */
  image?: { url: string; alt: string; width: number | null; height: number | null };
}

/** The Open Graph, Twitter and canonical tags of a page, escaped, one per line. */
function socialTags(head: PageHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return [
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:locale" content="it_IT" />`,
    ...(head.image
      ? [
          `<meta property="og:image" content="${escapeHtml(head.image.url)}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />`,
          ...(head.image.width && head.image.height
            ? [`<meta property="og:image:width" content="${head.image.width}" />`, `<meta property="og:image:height" content="${head.image.height}" />`]
            : []),
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<meta name="twitter:image" content="${escapeHtml(head.image.url)}" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
  ].join("\n    ");
}

/** The whole head of a page the server writes itself (e.g. the reading page): title, description and socialTags. */
export function pageHeadTags(head: PageHead): string {
  return [`<title>${escapeHtml(head.documentTitle)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`, socialTags(head)].join("\n    ");
}

/**
 * Input: the SPA's index.html (with a <title> and a meta description) and the page's head.
 * Output: the same HTML with the title and description replaced and the tags inserted before
 * </head>. Replacer functions, so a title holding "$&" or "$'" is copied literally.
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const tags = socialTags(head);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.documentTitle)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
