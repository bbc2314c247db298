/**
 * The element of a declared route whose screen arrives with a later issue: it renders nothing, so the route
 * exists (links and guards work) without pretending to be a screen.
 */
export function NotYetAvailable() {
  return null;
}
