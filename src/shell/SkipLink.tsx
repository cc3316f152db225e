/** Lets keyboard users jump past the navigation (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
