import type { ReactNode } from "react";

/**
 * A text the specification fixes (docs/copy.md#what-stays-as-the-specification-writes-it): the editor shows it
 * locked, and keeps it as it is when it saves. Decap has no read-only option of its own.
 */
export function FixedControl({
  value,
  forID,
  classNameWrapper,
}: {
  value?: unknown;
  forID: string;
  classNameWrapper: string;
}): ReactNode {
  return (
    <div
      className={classNameWrapper}
      style={{ display: "flex", alignItems: "center", gap: "0.6rem", background: "#eff0f4", cursor: "not-allowed" }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="#5e6473" strokeWidth="2">
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      <output id={forID} style={{ color: "#3a3f4d" }}>
        {String(value ?? "")}
      </output>
      <span style={{ marginLeft: "auto", fontSize: "12px", color: "#5e6473" }}>Locked</span>
    </div>
  );
}

export function FixedPreview({ value }: { value?: unknown }): ReactNode {
  return <span>{String(value ?? "")}</span>;
}
