import { useId } from "react";
import { cn } from "~/lib/cn";
import { INVITATION_MODES, type InvitationMode } from "./mode";

interface ModeToggleProps {
  mode: InvitationMode;
  legend: string;
  labels: Record<InvitationMode, string>;
  onChange: (mode: InvitationMode) => void;
}

/**
 * The two-way TA Leaders / Employers switch: a native radio group (arrow keys move
 * between the options), drawn as a segmented control.
 */
export function ModeToggle({ mode, legend, labels, onChange }: ModeToggleProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2.5 text-sm font-medium text-muted">{legend}</legend>
      <div className="inline-grid w-full grid-cols-2 gap-1 rounded-[0.875rem] border border-line bg-white p-1 shadow-card sm:w-auto">
        {INVITATION_MODES.map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={mode === option}
              onChange={() => onChange(option)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-button"
            />
            <span
              className={cn(
                "pointer-events-none block rounded-button px-5 py-2.5 text-center text-[0.95rem] font-semibold transition-colors duration-200 sm:min-w-40",
                "text-muted peer-hover:text-navy-900",
                "peer-checked:bg-navy-900 peer-checked:text-white peer-checked:shadow-card",
              )}
            >
              {labels[option]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
