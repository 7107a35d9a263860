/**
 * A group player's colour (issue 24: 'nickname in their colour') as text on the site's dark
 * surfaces: the palette's colour mixed with white, so a nickname keeps its hue and stays readable
 * (WCAG AA contrast; the pure colour, e.g. '#d81b60', is too dark on the cards).
 */
export const playerTextColor = (color: string) => `color-mix(in oklab, ${color} 60%, white)`;
