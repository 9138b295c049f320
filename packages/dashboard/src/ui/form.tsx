/**
 * Form parts shared by the pages: the form state, fields with their errors, role pickers, a secret
 * shown once, and the words for the core's problems.
 *
 * @module
 */

import type { MemberRole } from "@marketplace/core";
import { MEMBER_ROLES } from "@marketplace/core";
import { MIN_PASSWORD_LENGTH } from "@marketplace/core/members";
import type { Child } from "hono/jsx";

/** Values typed into a form and the problems found with them, by field name. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A problem of the whole form (not one field). */
  formError?: string;
}

/** An empty form. */
export const EMPTY_FORM: FormState = { values: {}, errors: {} };

/** The roles as people read them. */
export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Owner",
  developer: "Developer",
  operations: "Operations",
  viewer: "Viewer",
};

/** What each role may do, in a few words. */
export const ROLE_HINTS: Record<MemberRole, string> = {
  owner: "everything, including members",
  developer: "API keys and webhooks",
  operations: "offers, orders and customers",
  viewer: "read-only",
};

/** What is said beside a control: a hint and a problem, either of which may be absent. */
export interface FieldNotes {
  hint?: string | undefined;
  error?: string | undefined;
}

/** The ids of a control's hint and error (`<id>-hint`, `<id>-error`) for its `aria-describedby`, or undefined. */
export function describedBy(id: string, notes: FieldNotes): string | undefined {
  return [notes.hint ? `${id}-hint` : null, notes.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A field's problem, with the id its control names (`<id>-error`); nothing without one. */
export function FieldError(props: { id: string; error?: string | undefined }) {
  return props.error ? (
    <p class="error" id={`${props.id}-error`}>
      {props.error}
    </p>
  ) : null;
}

/**
 * A field: its label (for the control of `id`), its hint and its problem, then the control (the
 * children), which names them with `aria-describedby={describedBy(id, notes)}`.
 */
export function FieldFrame(props: FieldNotes & { id: string; label: string; children: Child }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={props.id} error={props.error} />
      {props.children}
    </div>
  );
}

/** A labelled input with its hint and its error, keeping what was typed. */
export function Field(props: {
  form: FormState;
  name: string;
  label: string;
  type?: string;
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  keep?: boolean;
}) {
  const { form, name } = props;
  const error = form.errors[name];
  const id = `field-${name}`;
  return (
    <FieldFrame id={id} label={props.label} hint={props.hint} error={error}>
      <input
        id={id}
        name={name}
        type={props.type ?? "text"}
        autocomplete={props.autocomplete}
        required={props.required ?? true}
        value={props.keep === false ? undefined : form.values[name]}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, { hint: props.hint, error })}
      />
    </FieldFrame>
  );
}

/**
 * A filter of one choice (a GET form to `action`): the labelled select, then its Filter button. An
 * option of value `""` means no filter.
 */
export function SelectFilter(props: {
  action: string;
  name: string;
  label: string;
  selected: string | null;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <form method="get" action={props.action} class="filters">
      <div class="field">
        <label for={props.name}>{props.label}</label>
        <select id={props.name} name={props.name}>
          {props.options.map((option) => (
            <option value={option.value} selected={option.value === props.selected}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="secondary">
        Filter
      </button>
    </form>
  );
}

/**
 * The two fields of a password being chosen (`password`, `confirm`), as accepting an invite and a
 * password reset ask for it; `label` is `Password` or `New password`.
 */
export function NewPasswordFields(props: { form: FormState; label: string }) {
  return (
    <>
      <Field
        form={props.form}
        name="password"
        label={props.label}
        type="password"
        autocomplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one.`}
        keep={false}
      />
      <Field
        form={props.form}
        name="confirm"
        label={`${props.label} again`}
        type="password"
        autocomplete="new-password"
        keep={false}
      />
    </>
  );
}

/** A problem of the whole form. */
export function FormError({ form }: { form: FormState }) {
  if (!form.formError) return null;
  return (
    <div class="notice bad" role="alert">
      {form.formError}
    </div>
  );
}

/** The four roles, each with what it may do. */
export function RoleSelect(props: { id: string; name: string; selected?: string; label?: string }) {
  return (
    <select id={props.id} name={props.name} aria-label={props.label}>
      {MEMBER_ROLES.map((role) => (
        <option value={role} selected={role === props.selected}>
          {`${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`}
        </option>
      ))}
    </select>
  );
}

/** A secret shown once, with a copy button. */
export function ShownOnce(props: { id: string; title: string; secret: string; children?: Child }) {
  return (
    <section class="notice" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
      <div class="secret">
        <code id={props.id}>{props.secret}</code>
        <button type="button" class="secondary" data-copy={props.id} hidden>
          Copy
        </button>
      </div>
      <p class="muted" id={`${props.id}-status`} role="status"></p>
    </section>
  );
}

const FIELD_NAMES: Record<string, string> = {
  "new password": "next",
  "current password": "current",
};

/**
 * The core's problems (`"email must be an email"`) by form field, in words a person reads:
 * `{ email: "Enter an e-mail address such as name@example.com." }`.
 */
export function fieldErrors(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const twoWords = problem.split(" ").slice(0, 2).join(" ");
    const field = FIELD_NAMES[twoWords] ?? problem.split(/[ .[]/)[0] ?? "";
    const text =
      problem === "email must be an email" || /^email must /.test(problem)
        ? "Enter an e-mail address such as name@example.com."
        : `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
    errors[field] ??= text;
  }
  return errors;
}

/** A short name for a user agent ("Chrome on Linux"), or the first words of it. */
export function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}
