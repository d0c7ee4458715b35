// A table (or anything wider than a phone) that scrolls sideways inside its own box instead of
// widening the page. The box is a named region in the tab order, so a keyboard can reach it and
// scroll it with the arrow keys (axe: scrollable-region-focusable), and `relative`, so hidden
// labels positioned inside it (sr-only text is `position: absolute`) stay inside it rather than
// escaping to widen the page.
import type { ReactNode } from "react";

export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
