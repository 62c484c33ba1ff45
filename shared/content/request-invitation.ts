/**
 * The request page's words (content/request-invitation.yaml): both modes, the form loader,
 * the site's own form, its notice and consent boxes, the confirmation, the no-JavaScript
 * confirmation pages and the messages of the one validation the form and the server share.
 * The specification's own texts are `fixed`: shown in the editor, never changed.
 */
import { z } from "zod";
import { day, fixed, linkAction, list, optional, text } from "./fields";
import { pageMeta } from "./page";
import { REQUEST_FIELDS } from "../invitation/request-schema";

const fieldWords = z.strictObject({
  label: text({ max: 60, title: "Label" }),
  placeholder: optional(text({ max: 40, title: "Example shown in the empty field" })),
  /** A line under the field, read with it. */
  hint: optional(text({ max: 100, title: "Hint under the field" })),
});

/** What the editor's form calls each field of the own form, by the name HubSpot gives it. */
const FIELD_TITLES: Readonly<Record<string, string>> = {
  firstname: "First name",
  lastname: "Last name",
  email: "Email",
  jobtitle: "Job title",
  company: "Company",
  linkedin_url: "LinkedIn profile",
  role_to_fill: "Role to fill",
  message: "Message",
};

/** The words of one field of the own form: its label, and a placeholder and a hint where it has them. */
export type FieldWords = z.infer<typeof fieldWords>;

const modeWords = <const Confirmation extends string, const Headline extends string>(
  confirmationBody: Confirmation,
  imageHeadline: Headline,
) =>
  z.strictObject({
    /** Title, description and keywords of the page's head in this mode. */
    meta: pageMeta.omit({ heading: true }),
    heading: text({ max: 40, maxWord: 14 }),
    subtitle: text({ max: 220 }),
    /** The toggle option that selects this mode. */
    toggleLabel: text({ max: 16, maxWord: 12, title: "Name on the switch between the two versions" }),
    /** A small label over the side image. */
    imageLabel: text({ max: 24, title: "Small label over the picture" }),
    /** The side image's headline, as the specification words it. */
    imageHeadline: fixed(imageHeadline).meta({ title: "Headline over the picture" }),
    /** The heading above the form, naming what the visitor is sending. */
    formHeading: text({ max: 40, title: "Heading above the form" }),
    formLead: text({ max: 120, title: "Sentence under the form's heading" }),
    confirmationBody: fixed(confirmationBody).meta({ title: "Confirmation once sent" }),
    /** The page once this mode's form is sent: its heading and subtitle, and what happens next. */
    sent: z
      .strictObject({
        heading: text({ max: 40, maxWord: 14 }),
        subtitle: text({ max: 120 }),
        nextSteps: list(text({ max: 160 }), { min: 2, max: 4 }),
      })
      .meta({ title: "Once the form is sent" }),
    /** Subject of the mailto link offered when HubSpot's form cannot load. */
    mailSubject: text({
      max: 60,
      title: "Subject of the email link",
      description: "Offered when HubSpot's form cannot load.",
    }),
  });

const formWords = <const Fields extends string>(fields: readonly Fields[]) =>
  z.strictObject({
    /** The form's accessible name. */
    name: text({ max: 40, title: "The form's name", description: "Read by screen readers." }),
    submit: text({ max: 30, maxWord: 16, title: "Send button" }),
    fields: z
      .strictObject(
        Object.fromEntries(
          fields.map((name) => [name, fieldWords.meta({ title: FIELD_TITLES[name] ?? name })]),
        ) as Record<Fields, typeof fieldWords>,
      )
      .meta({ title: "Fields" }),
  });

/**
 * The messages of the validation the form and the server share, keyed by its codes
 * (`ProblemCode`, shared/invitation/request-validation.ts).
 */
export const validationWords = z
  .strictObject({
    required: text({ max: 80, title: "A required field left empty" }),
    email: text({ max: 80, title: "An email address that is not one" }),
    emailDomain: text({
      max: 100,
      title: "An email address with no domain after the @",
      description: "Such as dana@gmail: the part after the @ has no dot, so no reply could reach it.",
    }),
    url: text({ max: 80, title: "A web address that is not one" }),
    tooLong: text({ max: 80, tokens: ["max"], title: "Too long", description: "{max} is the most the field takes." }),
    invalidCharacters: text({ max: 80, title: "Characters the form does not take" }),
    notText: text({ max: 80, title: "Not text" }),
    unknownField: text({ max: 80, title: "A field the form does not have" }),
    mode: text({ max: 80, title: "Neither TA leader nor employer" }),
    fields: text({ max: 80, title: "Nothing sent" }),
    /** The required consent box was left unchecked (HUBSPOT_LEGAL_BASIS=consent). */
    consentRequired: text({ max: 100, title: "The consent box left unchecked" }),
  })
  .meta({ title: "Messages of a refused field", description: "What the form says beside a field it refuses." });

export const privacyNoticeWords = z.strictObject({
  /** Change it (a date, YYYY-MM-DD) with the words: each stored request records the version it was sent under. */
  version: day("Write the date of this wording as YYYY-MM-DD.").meta({
    title: "Wording of",
    description: "The day this notice was last reworded: change it with the words. Each stored request records it.",
  }),
  /** What is stored and why. */
  stored: text({ max: 200 }),
  /** Who receives it: `withHubSpot` when the site forwards requests to HubSpot. */
  recipients: z.strictObject({ withHubSpot: text({ max: 140 }), withoutHubSpot: text({ max: 140 }) }),
  retention: text({ max: 80, tokens: ["days"] }),
  /** Followed by the contact address as a link. */
  rightsLead: text({ max: 80 }),
  /** What sending agrees to: `{terms}` and `{privacyPolicy}` become the two links. */
  agreement: text({ max: 160, tokens: ["terms", "privacyPolicy"] }),
  termsLink: text({ max: 40 }),
  policyLink: text({ max: 40 }),
});

export const consentWords = z.strictObject({
  /** Required: a request without it is refused. The text travels to HubSpot exactly as shown. */
  toProcess: text({ max: 160 }),
  /** Only with HUBSPOT_SUBSCRIPTION_TYPE_ID; unchecked until the visitor checks it. */
  communications: text({ max: 160 }),
});

export const requestInvitationSchema = z.strictObject({
  backLink: linkAction({ max: 30 }).meta({ title: "Back link" }),
  eyebrow: text({ max: 50 }),
  toggleLegend: text({
    max: 40,
    title: "Name of the switch between TA leaders and employers",
    description: "Read by screen readers.",
  }),
  // The specification's confirmations, with `{hours}` where they say 48: the promise the site makes
  // (REPLY_WITHIN_HOURS), so the page reads them word for word at the default and says the deployment's figure otherwise.
  modes: z
    .strictObject({
      candidate: modeWords(
        "Thank you for your interest! We'll review your application and get back to you within {hours} hours.",
        "Your Career Journey Starts Here",
      ).meta({ title: "For TA leaders" }),
      employer: modeWords(
        "Thank you for your interest! We'll review your talent brief and get back to you within {hours} hours.",
        "Build Your Dream Team",
      ).meta({ title: "For employers" }),
    })
    .meta({ title: "The page's two versions" }),
  loader: z
    .strictObject({
      loading: fixed("Loading form...").meta({ title: "While HubSpot's form loads" }),
      failed: fixed("Failed to load the contact form. Please try again.").meta({
        title: "When HubSpot's form cannot load",
      }),
      retry: fixed("Try Again").meta({ title: "Button to try again" }),
      /** Followed by the contact address as a mailto link. */
      fallbackLead: text({ max: 90, title: "Before the email address, when the form cannot load" }),
      /** In place of the form's lead when HubSpot's form could not load: the site's own form comes first. */
      ownFormFirst: text({
        max: 120,
        title: "Lead when HubSpot's form cannot load",
        description: "Shown above the site's own form, offered in its place.",
      }),
      /** Above the site's own form for visitors without JavaScript, who cannot get HubSpot's form. */
      noScriptLead: text({
        max: 100,
        title: "Lead for visitors without JavaScript",
        description: "Shown above the site's own form, which works without it.",
      }),
    })
    .meta({ title: "HubSpot's form loading" }),
  confirmation: z.strictObject({
    title: fixed("Invitation Request Submitted!"),
    /** Above the confirmation's next steps (each mode's `sent.nextSteps`). */
    nextStepsHeading: text({ max: 30 }),
    /** Under the confirmation's words: where the reply will go, `{email}` being the address the visitor gave. */
    replyTo: text({ max: 80, tokens: ["email"], requires: ["email"], title: "Where the reply will go" }),
    /** Followed by the contact address as a link: how to correct the address before the team answers. */
    correctionLead: text({ max: 80, title: "Before the link to correct the address" }),
    /** The subject of that link's email. */
    correctionSubject: text({ max: 60, title: "Subject of the email correcting the address" }),
    /** Once a request is sent, in place of `questionsLead`; followed by the contact address. */
    questionsLead: text({ max: 40 }),
    homeLink: linkAction({ max: 30 }),
  }),
  /** Above the contact address until a request is sent. */
  questionsLead: text({ max: 40 }),
  supporterLabel: text({ max: 20 }),
  ownForm: z.strictObject({
    requiredNote: text({ max: 80 }),
    optional: text({ max: 12, title: "Word after an optional field's label" }),
    forms: z
      .strictObject({
        // Words for each field of the mode's form, by the schema's names: a field added there needs its words here.
        candidate: formWords(REQUEST_FIELDS.candidate.map((field) => field.name)).meta({ title: "TA leaders' form" }),
        employer: formWords(REQUEST_FIELDS.employer.map((field) => field.name)).meta({ title: "Employers' form" }),
      })
      .meta({ title: "The two forms" }),
    sending: text({ max: 20, title: "Send button while sending" }),
    privacyNotice: privacyNoticeWords,
    consent: consentWords,
    /** Hidden from people; only bots fill it. */
    honeypotLabel: text({
      max: 40,
      title: "Label of the hidden field",
      description: "No visitor sees it: only programs that fill every field do, and their requests are held.",
    }),
    problems: z.strictObject({
      /** Above the form when fields were refused; each field shows its own message. */
      invalid: text({ max: 80 }),
      offline: text({ max: 200 }),
      server: text({ max: 200 }),
      /** `{wait}` is the wait in words, e.g. "5 minutes". */
      rateLimited: text({ max: 200, tokens: ["wait"] }),
      /** Followed by the contact address as a mailto link. */
      emailLead: text({ max: 50 }),
    }),
  }),
  validation: validationWords,
  /** A wait before sending again, in whole minutes: the own form's and the API pages' "Please send it again in {wait}". */
  waitWords: z.strictObject({
    one: text({ max: 30 }),
    /** `{minutes}` is the whole minutes to wait. */
    many: text({ max: 30, tokens: ["minutes"] }),
  }),
  /** The confirmation pages a request posted without JavaScript lands on, one per mode. */
  received: z
    .strictObject({
      candidate: pageMeta.extend({ heading: fixed("Invitation Request Submitted!") }).meta({ title: "For TA leaders" }),
      employer: pageMeta.extend({ heading: fixed("Invitation Request Submitted!") }).meta({ title: "For employers" }),
    })
    .meta({
      title: "Page once sent without JavaScript",
      description: "Where a request sent without JavaScript lands, for each version of the page.",
    }),
});

export type RequestInvitationWords = z.infer<typeof requestInvitationSchema>;
export type ValidationWords = z.infer<typeof validationWords>;
export type PrivacyNoticeWords = z.infer<typeof privacyNoticeWords>;
export type ConsentWords = z.infer<typeof consentWords>;
