/**
 * A `<link rel href>` in the document's head, with a spy on every assignment of a link's
 * `href` (each one is a fetch in a browser), for `run`; both undone afterwards.
 */
export function withHeadLink(rel: string, href: string, run: (link: HTMLLinkElement, assign: jest.SpyInstance) => void): void {
  const link = document.createElement("link");
  link.rel = rel;
  link.setAttribute("href", href);
  document.head.append(link);
  const assign = jest.spyOn(HTMLLinkElement.prototype, "href", "set");
  try {
    run(link, assign);
  } finally {
    assign.mockRestore();
    link.remove();
  }
}
