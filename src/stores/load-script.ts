const scripts = new Map<string, Promise<void>>();

/**
 * Adds a <script src> of this origin to the page once per address (the strict CSP allows 'self' only); a
 * failed load is forgotten so a later call tries again.
 */
export function loadScriptOnce(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.append(script);
  });
  scripts.set(src, loading);
  return loading;
}
