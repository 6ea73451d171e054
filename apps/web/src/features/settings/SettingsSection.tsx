import type { ReactNode } from "react";

export interface SettingsSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One card of the settings page, reachable by its anchor (#profile, #password…). */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-card bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-ink-muted">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
