import { useEffect, useEffectEvent, useId, useRef } from "react";
import { cn } from "#app/lib/cn.ts";
import { EARLY_CHOICE_ATTRIBUTE, MODE_TOGGLE_ATTRIBUTE } from "./early-mode-choice";
import { INVITATION_MODES, parseMode, type InvitationMode } from "#shared/invitation/mode.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

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
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const choose = useEffectEvent(onChange);
  const hydrated = useHydrated();
  // A tap made before hydration (early-mode-choice.ts noted it; it is often the touch that hydrates the island):
  // applied once hydrated, so it is a change the visitor made, with the side image's cross-fade.
  useEffect(() => {
    const fieldset = fieldsetRef.current;
    const chosen = fieldset?.getAttribute(EARLY_CHOICE_ATTRIBUTE);
    if (!hydrated || !fieldset || chosen === null || chosen === undefined) return;
    fieldset.removeAttribute(EARLY_CHOICE_ATTRIBUTE);
    choose(parseMode(chosen));
  }, [hydrated]);
  return (
    <fieldset ref={fieldsetRef} {...{ [MODE_TOGGLE_ATTRIBUTE]: "" }}>
      <legend className="mb-2.5 text-sm font-medium text-muted">{legend}</legend>
      {/* Block-level, not inline-grid: its position never depends on its contents' baseline, so a
          paint while the HTML is still arriving cannot shift it (no layout shift, docs/decisions/0009). */}
      <div className="grid w-full grid-cols-2 gap-1 rounded-[0.875rem] border border-line bg-white p-1 shadow-card sm:w-max">
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
