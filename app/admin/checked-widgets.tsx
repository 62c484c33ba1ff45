/**
 * The editor's controls, checked by the site's schemas: each of Decap's controls (a line, a
 * paragraph, a number, a choice, the description) in a wrapper that Decap asks before a save
 * (`isValid`, decap-cms-core's Widget.js) and that answers with the build's own words
 * (docs/decisions/0022-git-based-editor.md). A field with a place of its own in the file is
 * judged by the whole file's check at that place (./entry-checks.ts), so rules across fields (a
 * role closing before it was posted, a pay whose highest is below its lowest) show beside the
 * field they name; a field inside a list is judged by its own schema.
 */
import { Component, createElement, type ComponentType, type ReactNode } from "react";
import type { z } from "zod";
import { checkWords, issueMessage } from "#shared/content/issues.ts";
import { checkSchema } from "./editor-fields";
import { checkEntry, type EntryCheck } from "./entry-checks";
import { dateNotice } from "./date-notice";
import { FILE_PROBLEM } from "./form-shape";

/** What the controls use of Decap's immutable values (its configuration, its entry). */
interface Immutable {
  get(key: string): unknown;
  toJS(): unknown;
}

/** The props Decap gives a control (decap-cms-core's Widget.js) that the wrapper reads. */
export interface ControlProps {
  field: Immutable;
  value?: unknown;
  forID: string;
  collection: Immutable;
  getEntry: () => Immutable;
  parentIds?: string[];
  classNameWrapper: string;
  hasActiveStyle?: boolean;
  fieldsErrors?: { get(id: string): unknown };
  validate: () => void;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
  onChange: (value: unknown) => void;
}

type Verdict = { error: false } | { error: { type: "CUSTOM"; message: string; parentIds?: string[] } };

const plain = (value: unknown): unknown =>
  value !== null && typeof value === "object" && "toJS" in value ? (value as Immutable).toJS() : value;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (typeof value === "object" && "size" in value && (value as { size: number }).size === 0);

/** The whole file's check, once per version of the entry: every field of a save asks it. */
const entryChecks = new WeakMap<object, EntryCheck>();
function checkOf(collection: string, entry: Immutable): EntryCheck {
  const data = entry.get("data") as Immutable;
  let check = entryChecks.get(data);
  if (!check) {
    check = checkEntry(collection, entry.get("slug") as string | undefined, plain(data) as Record<string, unknown>);
    entryChecks.set(data, check);
  }
  return check;
}

const samePath = (a: readonly PropertyKey[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/** What is wrong with this field's value, in the build's words: none when it would publish. */
export function problemsOf(props: ControlProps): string[] {
  // A file whose text does not parse shows its text, not its fields: the text is what is checked (./file-text-widget.tsx).
  if (isBrokenFile(props)) return [];
  const name = props.field.get("check") as string | undefined;
  const schema: z.ZodType | undefined = name === undefined ? undefined : checkSchema(name);
  if (!schema) return [];
  const path = plain(props.field.get("path")) as string[] | undefined;
  if (path) {
    const collection = props.collection.get("name") as string;
    const issues = checkOf(collection, props.getEntry()).issues.filter((issue) => samePath(issue.path, path));
    return [...new Set(issues.map(issueMessage))];
  }
  const result = checkWords(schema, plain(props.value));
  return result.success ? [] : [...new Set(result.error.issues.map(issueMessage))];
}

/** A value the presence check of Decap passes: the schema says whether the field may be empty, and how. */
const CHECKED_BY_SCHEMA = { checkedBySchema: true };

/** Decap's control `Control`, refusing what the build would refuse. */
export function checked<Props extends ControlProps>(Control: ComponentType<Props>): ComponentType<Props> {
  return class Checked extends Component<Props> {
    private control: {
      shouldComponentUpdate?: (next: Props) => boolean;
      focus?: (path?: string) => void;
    } | null = null;

    private hold = (ref: unknown) => {
      const control = ref as { getWrappedInstance?: () => unknown } | null;
      this.control = (control?.getWrappedInstance ? control.getWrappedInstance() : control) as typeof this.control;
    };

    /**
     * A field opened refused (a file edited by hand, or saved before these checks) says so at once;
     * after this render, once Decap holds this control (its ref is set after `componentDidMount`).
     */
    override componentDidMount() {
      if (!isEmpty(this.props.value) && problemsOf(this.props).length > 0) queueMicrotask(() => this.props.validate());
    }

    /** Decap asks before a save, and on leaving the field (below). */
    isValid(): Verdict {
      const problems = problemsOf(this.props);
      if (problems.length === 0) return { error: false };
      return { error: { type: "CUSTOM", message: problems.join(" "), parentIds: this.props.parentIds } };
    }

    /**
     * Decap's own check of an empty required field words it its way ("Title is required."); the
     * schema words it as the build does, and knows which fields may be empty.
     */
    getValidateValue(): unknown {
      return isEmpty(this.props.value) ? CHECKED_BY_SCHEMA : this.props.value;
    }

    /** Decap's Widget asks its control whether to draw again: the wrapped control's answer, else Decap's default. */
    override shouldComponentUpdate(next: Props): boolean {
      const own = this.control?.shouldComponentUpdate;
      if (own) return own.call(this.control, next);
      return (
        next.value !== this.props.value ||
        next.classNameWrapper !== this.props.classNameWrapper ||
        next.hasActiveStyle !== this.props.hasActiveStyle
      );
    }

    focus(path?: string) {
      if (this.control?.focus) this.control.focus(path);
      else document.getElementById(this.props.forID)?.focus();
    }

    /** Leaving a field checks it again when it holds something or was refused: a mended field loses its refusal. */
    private leave = () => {
      this.props.setInactiveStyle();
      const refused = Boolean(this.props.fieldsErrors?.get(this.props.forID));
      if (refused || !isEmpty(this.props.value)) this.props.validate();
    };

    override render(): ReactNode {
      return createElement(Control, { ...this.props, setInactiveStyle: this.leave, ref: this.hold });
    }
  };
}

/** Whether the entry open is a file whose text does not parse: its text is shown and checked, not its fields (./file-text-widget.tsx). */
const isBrokenFile = (props: Pick<ControlProps, "getEntry">) =>
  (props.getEntry().get("data") as Immutable).get(FILE_PROBLEM) !== undefined;

/**
 * Decap's list or group `Control`, as ever; but while the file's text does not parse, drawn as
 * nothing and checked as nothing, its place hidden beside the text being fixed (the text is what
 * a save writes, ./page-format.ts). Decap's own checks of an empty list or group would otherwise
 * refuse the save of the text fixed.
 */
export function fileAware<Props extends ControlProps>(Control: ComponentType<Props>): ComponentType<Props> {
  return class FileAware extends Component<Props> {
    private inner: {
      validate?: () => void;
      isValid?: () => Verdict | boolean;
      getValidateValue?: () => unknown;
      shouldComponentUpdate?: (next: Props) => boolean;
      focus?: (path?: string) => void;
    } | null = null;

    private hold = (ref: unknown) => {
      const control = ref as { getWrappedInstance?: () => unknown } | null;
      this.inner = (control?.getWrappedInstance ? control.getWrappedInstance() : control) as typeof this.inner;
    };

    // Decap calls these detached from the control (its pane, its Widget): bound here.
    /** Decap's pane asks the control to check itself: the list's own check (its items, its length), or none. */
    validate = () => {
      if (!isBrokenFile(this.props) && this.inner?.validate) this.inner.validate();
      else this.props.validate();
    };

    isValid = (): Verdict | boolean => {
      if (isBrokenFile(this.props) || !this.inner?.isValid) return { error: false };
      return this.inner.isValid();
    };

    getValidateValue = (): unknown => (isBrokenFile(this.props) ? CHECKED_BY_SCHEMA : this.inner?.getValidateValue?.());

    override shouldComponentUpdate(next: Props): boolean {
      const own = this.inner?.shouldComponentUpdate;
      if (own) return own.call(this.inner, next);
      return next.value !== this.props.value || next.classNameWrapper !== this.props.classNameWrapper;
    }

    focus(path?: string) {
      this.inner?.focus?.(path);
    }

    override render(): ReactNode {
      if (isBrokenFile(this.props)) return null;
      return createElement(Control, { ...this.props, ref: this.hold });
    }
  };
}

/**
 * A day, typed or chosen in the browser's own date field, saved as `YYYY-MM-DD` (the schemas' dates),
 * with what the live site will do with it beside it (./date-notice.ts).
 */
export function DateControl({
  forID,
  value,
  onChange,
  classNameWrapper,
  setActiveStyle,
  setInactiveStyle,
  field,
  collection,
}: ControlProps): ReactNode {
  const today = new Date().toISOString().slice(0, 10);
  const notice = dateNotice(String(collection.get("name")), String(field.get("name")), value, today);
  // The field's value is the day as typed: no library reads it again, so a year typed digit by digit stays the year typed.
  const input = (
    <input
      type="date"
      id={forID}
      className={classNameWrapper}
      value={typeof value === "string" ? value : ""}
      onChange={(event) => onChange(event.target.value)}
      onFocus={setActiveStyle}
      onBlur={setInactiveStyle}
    />
  );
  if (!notice) return input;
  const color = notice.tone === "warning" ? "#b54708" : "#175cd3";
  return (
    <>
      {input}
      <p
        role="status"
        style={{ margin: "6px 0 0", fontSize: "13px", color, borderLeft: `3px solid ${color}`, paddingLeft: "8px" }}
      >
        {notice.text}
      </p>
    </>
  );
}

export function DatePreview({ value }: { value?: unknown }): ReactNode {
  return <span>{typeof value === "string" ? value : ""}</span>;
}
