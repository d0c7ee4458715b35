import type { ReactNode } from "react";
import { SectionBoundary } from "~/components/error-screens";

/**
 * One part of the profile page, with its own h2. If its content fails while rendering in the
 * browser, only this section shows 'Something went wrong' with Try Again.
 */
export function ProfileSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card p-5" id={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">
        <SectionBoundary name={id}>{children}</SectionBoundary>
      </div>
    </section>
  );
}

/** What an empty slot says until its issue fills it. */
export function SlotPlaceholder({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}
