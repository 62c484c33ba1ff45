import type { ReactNode } from "react";

/**
 * A text the specification fixes (docs/copy.md#what-stays-as-the-specification-writes-it): the editor shows it
 * and keeps it as it is when it saves. Decap has no read-only option of its own.
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
    <output id={forID} className={classNameWrapper} style={{ display: "block", opacity: 0.75 }}>
      {String(value ?? "")}
    </output>
  );
}

export function FixedPreview({ value }: { value?: unknown }): ReactNode {
  return <span>{String(value ?? "")}</span>;
}
