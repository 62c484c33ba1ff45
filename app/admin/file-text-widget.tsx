/**
 * The way out of a file that does not parse (a line indented wrongly, a colon missing): its
 * fields cannot show, so the editor shows the file's text instead, where it broke, to fix in
 * place. Once the text reads and passes the build's check, Publish saves the text as fixed
 * (./page-format.ts); until then nothing is saved: the entry's check refuses it
 * (./entry-checks.ts), so an empty form never replaces the file. The fields, hidden and unchecked
 * meanwhile (./checked-widgets.tsx, `fileAware`), show when the page is opened again.
 */
import { Component, type ReactNode } from "react";
import { fieldPath, issueMessage } from "#shared/content/issues.ts";
import { checkEntry } from "./entry-checks";
import { readText } from "./file-text";
import { FILE_PROBLEM, FILE_TEXT } from "./form-shape";

/** What the control says once the text reads. */
export const TEXT_READS =
  "The text reads again. Publish to save it (the build's check runs first), then open this page again to edit it field by field.";

interface Props {
  forID: string;
  value?: unknown;
  classNameWrapper: string;
  onChange: (value: string) => void;
  getEntry: () => { getIn(path: string[]): unknown };
  collection: { get(key: string): unknown };
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
}

/** Whether the entry open is a file whose text does not parse. */
export const isBrokenFile = (getEntry: Props["getEntry"]) => getEntry().getIn(["data", FILE_PROBLEM]) !== undefined;

export class FileTextControl extends Component<Props> {
  /** Decap asks before a save: the text must read, and its words pass the build's check. */
  isValid() {
    const { getEntry, collection } = this.props;
    if (!isBrokenFile(getEntry)) return { error: false };
    const data = (getEntry().getIn(["data"]) as { toJS(): Record<string, unknown> }).toJS();
    const slug = getEntry().getIn(["slug"]) as string | undefined;
    const { issues } = checkEntry(String(collection.get("name")), slug, data);
    if (issues.length === 0) return { error: false };
    const problems = issues.map((issue) =>
      issue.path.length === 1 && issue.path[0] === FILE_TEXT
        ? issueMessage(issue)
        : `${fieldPath(issue.path)}: ${issueMessage(issue)}`,
    );
    return { error: { type: "CUSTOM", message: problems.join(" ") } };
  }

  /** Decap's presence check: the text is checked above, empty or not. */
  getValidateValue() {
    return { checkedAbove: true };
  }

  override render(): ReactNode {
    const { forID, value, classNameWrapper, setActiveStyle, setInactiveStyle, getEntry } = this.props;
    // A file that reads: its fields show, and this control nothing (its place is hidden: ./admin.tsx).
    if (!isBrokenFile(getEntry)) return <span data-file-text="reads" hidden />;
    const text = typeof value === "string" ? value : "";
    const read = readText(text);
    const problem = "problem" in read ? read.problem : null;
    const lines = text.split("\n");
    return (
      <div data-file-text="broken">
        {!problem && (
          <p role="status" style={{ margin: "0 0 8px", fontSize: "14px", color: "#05603a" }}>
            {TEXT_READS}
          </p>
        )}
        {problem && (
          <div role="alert" style={{ margin: "0 0 8px", fontSize: "14px", color: "#b42318" }}>
            <p style={{ margin: "0 0 4px" }}>{problem.message}</p>
            <pre style={{ margin: 0, whiteSpace: "pre-wrap", fontSize: "13px" }}>
              {`${problem.line} | ${lines[problem.line - 1] ?? ""}\n${" ".repeat(String(problem.line).length + 3 + problem.column - 1)}^`}
            </pre>
          </div>
        )}
        <textarea
          id={forID}
          className={classNameWrapper}
          value={text}
          rows={Math.min(30, lines.length + 2)}
          spellCheck={false}
          style={{ fontFamily: "ui-monospace, monospace", fontSize: "13px", whiteSpace: "pre", overflowX: "auto" }}
          onChange={(event) => this.props.onChange(event.target.value)}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        />
      </div>
    );
  }
}

export function FileTextPreview(): ReactNode {
  return null;
}
