/** The user asked their system for less motion: the camera jumps to whom it follows instead of gliding (no UI transitions either: layout.css). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
