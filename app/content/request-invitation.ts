import type { InvitationMode } from "#shared/invitation/mode";
import type { RequestFieldName } from "#shared/invitation/request-schema";
import { requestPaths } from "./calls-to-action";
import { pages, type PageInfo } from "./pages";
import type { NavLink } from "./shared";

/** The words of one mode: its head tags, its heading and everything that changes with it. */
export interface InvitationModeCopy {
  /** Title, description and keywords for the page head in this mode. */
  meta: Pick<PageInfo, "title" | "description" | "keywords">;
  heading: string;
  subtitle: string;
  /** The toggle option that selects this mode. */
  toggleLabel: string;
  /** A small label over the side image. */
  imageLabel: string;
  /** The heading above the form, naming what the visitor is sending. */
  formHeading: string;
  formLead: string;
  confirmationBody: string;
  /** The page once this mode's form is sent: its heading and subtitle, and what happens next. */
  sent: {
    heading: string;
    subtitle: string;
    /** Who reads the request, what the reply will be and when, in order; under the confirmation. */
    nextSteps: readonly string[];
  };
  /** Subject of the mailto fallback when the form cannot load. */
  mailSubject: string;
}

/**
 * The words and presentation of one field of the site's own form. Which fields a mode
 * has, their order, names (as HubSpot names its contact properties), type, limit and
 * whether each is required come from the request schema (shared/invitation/request-schema.ts),
 * which the server applies too; shared/invitation/own-form-fields.ts joins the two.
 */
export interface OwnFormFieldCopy {
  label: string;
  autoComplete: string;
  placeholder?: string;
  /** A line under the field, read with it. */
  hint?: string;
  /** The half-width fields sit side by side from the small breakpoint up. */
  half?: boolean;
}

export interface OwnFormCopy<M extends InvitationMode = InvitationMode> {
  /** The form's accessible name. */
  name: string;
  submit: string;
  /** Keyed by the schema's field names for the mode: every one of them, and no other. */
  fields: Record<RequestFieldName<M>, OwnFormFieldCopy>;
}

export const requestInvitationContent = {
  backLink: { label: "Back to Home", href: pages.home.path } satisfies NavLink,
  eyebrow: "Invitation only · Free for both sides",
  toggleLegend: "I am requesting as",
  modes: {
    candidate: {
      meta: {
        title: pages.requestInvitation.title,
        description: pages.requestInvitation.description,
        keywords: pages.requestInvitation.keywords,
      },
      heading: pages.requestInvitation.heading,
      subtitle:
        "Join a confidential network of enterprise talent acquisition leaders and be considered for executive roles that are rarely advertised. Free, private and on your terms.",
      toggleLabel: "TA Leaders",
      imageLabel: "For TA leaders",
      formHeading: "Tell us about your leadership",
      formLead: "Your details stay confidential: we never share your identity without your consent.",
      confirmationBody:
        "Thank you for your interest! We'll review your application and get back to you within 48 hours.",
      sent: {
        heading: "Your request is with our team",
        subtitle: "We have your invitation request. Here is what happens next, and when.",
        nextSteps: [
          "Someone on our team reads your request and your LinkedIn profile, if you shared it.",
          "Within 48 hours, we email you at the address you gave: your invitation, or a few questions about the role you want next.",
          "Once you are in the network, we suggest opportunities one at a time, and share your identity only with your consent for each.",
        ],
      },
      mailSubject: "Invitation request (TA leader)",
    },
    employer: {
      meta: {
        title: "Submit a Talent Brief",
        description:
          "Employers: submit a talent brief and meet pre-qualified enterprise talent acquisition leaders. No fees for either side; we reply within 48 hours.",
        keywords: ["submit talent brief", "hire head of talent acquisition", "TA leadership search", "executive TA"],
      },
      heading: "Find your next TA leader",
      subtitle:
        "Tell us about the talent acquisition leader you need. We match your brief against a pre-qualified network of proven enterprise TA executives, at no cost to you.",
      toggleLabel: "Employers",
      imageLabel: "For employers",
      formHeading: "Share your talent brief",
      formLead: "A few details are enough to start: we follow up to understand the role in depth.",
      confirmationBody:
        "Thank you for your interest! We'll review your talent brief and get back to you within 48 hours.",
      sent: {
        heading: "Your talent brief is with our team",
        subtitle: "We have your talent brief. Here is what happens next, and when.",
        nextSteps: [
          "Someone on our team reads your brief: the role, its scope and what success looks like.",
          "Within 48 hours, we email you at the address you gave to arrange a short call about the role.",
          "Then we introduce pre-qualified TA leaders who fit it, each with their consent. There is no fee at any stage.",
        ],
      },
      mailSubject: "Talent brief (employer)",
    },
  } satisfies Record<InvitationMode, InvitationModeCopy>,
  loader: {
    loading: "Loading form...",
    failed: "Failed to load the contact form. Please try again.",
    retry: "Try Again",
    /** Followed by the contact address as a mailto link. */
    fallbackLead: "Prefer email, or using a content blocker? Write to us at",
    /**
     * In place of the form's lead when HubSpot's form could not load: the site's own form
     * comes first, the failure text and Try Again below it.
     */
    ownFormFirst: "HubSpot's form could not load here, so here is ours: it reaches our team just the same.",
    /** Above the site's own form for visitors without JavaScript, who cannot get HubSpot's form. */
    noScriptLead: "Send your request with this form: it works without JavaScript.",
  },
  confirmation: {
    title: "Invitation Request Submitted!",
    /** Above the confirmation's next steps (each mode's `sent.nextSteps`). */
    nextStepsHeading: "What happens next",
    /** Once a request is sent, in place of `questions.lead`; followed by the contact address. */
    questionsLead: "Questions in the meantime?",
    homeLink: { label: "Back to Home", href: pages.home.path } satisfies NavLink,
  },
  questions: {
    /** Above the contact address, shown as a mailto link, until a request is sent. */
    lead: "Questions before you apply?",
  },
  supporter: {
    label: "Supported by",
  },
  /** The site's own form (docs/product.md#nothing-lost): a real form that posts to the site's API. */
  ownForm: {
    requiredNote: "All fields are required unless marked optional.",
    optional: "optional",
    forms: {
      candidate: {
        name: "Invitation request",
        submit: "Request an Invitation",
        fields: {
          firstname: { label: "First name", autoComplete: "given-name", half: true },
          lastname: { label: "Last name", autoComplete: "family-name", half: true },
          email: { label: "Email", autoComplete: "email", placeholder: "name@example.com" },
          jobtitle: { label: "Current title", autoComplete: "organization-title", half: true },
          company: { label: "Company", autoComplete: "organization", half: true },
          linkedin_url: { label: "LinkedIn profile", autoComplete: "url", placeholder: "linkedin.com/in/your-name" },
          message: {
            label: "What would you like your next role to be?",
            autoComplete: "off",
            hint: "A sentence or two is plenty.",
          },
        },
      },
      employer: {
        name: "Talent brief",
        submit: "Submit a Talent Brief",
        fields: {
          firstname: { label: "First name", autoComplete: "given-name", half: true },
          lastname: { label: "Last name", autoComplete: "family-name", half: true },
          email: { label: "Work email", autoComplete: "email", placeholder: "name@company.com" },
          jobtitle: { label: "Your title", autoComplete: "organization-title", half: true },
          company: { label: "Company", autoComplete: "organization", half: true },
          role_to_fill: { label: "Role to fill", autoComplete: "off", placeholder: "e.g. VP, Talent Acquisition" },
          message: {
            label: "About the role",
            autoComplete: "off",
            hint: "Scope, team size, location, timing: whatever helps us start.",
          },
        },
      },
    } satisfies { [M in InvitationMode]: OwnFormCopy<M> },
    sending: "Sending...",
    /**
     * The privacy notice beside the submit button (docs/product.md#notifications-and-privacy), in both modes. Each stored
     * request records the version of the words it was sent under
     * (shared/invitation/privacy-notice.ts), so change `version` with the words.
     */
    privacyNotice: {
      version: "2026-11-26",
      /** What is stored and why. */
      stored:
        "We store what you send here (your name, email, title, company and what you tell us) to review your request and reply to it.",
      /** Who receives it: `withHubSpot` when the site forwards requests to HubSpot. */
      recipients: {
        withHubSpot: "Our team receives it, and so does HubSpot, the service we manage contacts with.",
        withoutHubSpot: "Only our team receives it.",
      },
      /** `{days}` is REQUEST_RETENTION_DAYS. */
      retention: "We delete it after {days} days.",
      /** Followed by the contact address as a mailto link. */
      rightsLead: "For a copy, a correction or its deletion, write to",
      /**
       * What sending agrees to (the Terms say requesting an invitation or submitting a talent
       * brief means agreeing to them): `{terms}` and `{privacyPolicy}` become the two links.
       */
      agreement: "By sending, you agree to our {terms}. Our {privacyPolicy} explains how we handle personal data.",
      termsLink: pages.terms.title,
      policyLink: "Privacy Policy",
    },
    /**
     * With HUBSPOT_LEGAL_BASIS=consent, the boxes under the notice, as HubSpot's own notice-and-consent block words
     * them; `{siteName}` is SITE_NAME. The texts travel to HubSpot exactly as shown (legalConsentOptions).
     */
    consent: {
      /** Required: a request without it is refused. */
      toProcess: "I agree to allow the {siteName} to store and process my personal data.",
      /** Only with HUBSPOT_SUBSCRIPTION_TYPE_ID; unchecked until the visitor checks it. */
      communications: "I agree to receive updates from the {siteName}.",
    },
    /** Hidden from people; only bots fill it (HONEYPOT_FIELD). */
    honeypotLabel: "Leave this field empty",
    problems: {
      /** Above the form when the server refused fields; each field shows its own message. */
      invalid: "Please check the fields marked below.",
      offline:
        "We could not reach our server, so your request has not been sent yet. Check your connection and send it again: everything you typed is still here.",
      server:
        "Something went wrong on our side, so your request has not been sent yet. Please send it again in a moment: everything you typed is still here.",
      /** `{wait}` is replaced with the wait in words (lib/wait-text.ts), e.g. "5 minutes". */
      rateLimited:
        "We have received several requests from your network in a short time. Please send yours again in {wait}: everything you typed is still here.",
      /** Followed by the contact address as a mailto link. */
      emailLead: "If it keeps failing, email us at",
    },
  },
  /** The site's own form and the API answer with these, keyed by field. */
  validation: {
    required: "Please fill in this field.",
    email: "Enter an email address such as name@company.com.",
    url: "Enter a web address such as linkedin.com/in/your-name.",
    /** `{max}` is replaced with the field's limit. */
    tooLong: "Please use at most {max} characters.",
    invalidCharacters: "This field contains characters that cannot be sent.",
    notText: "This field must be text.",
    unknownField: "This field is not part of the form.",
    mode: "Choose TA Leaders or Employers.",
    fields: "The request has no fields.",
    /** The required consent box was left unchecked (HUBSPOT_LEGAL_BASIS=consent). */
    consentRequired: "Please check this box to let us store and process your request.",
  },
} as const;

/**
 * The request page as each mode's own HTML presents it: its path (the URL its calls to action
 * link to and its visitors share), head words and heading.
 */
export const requestPages = {
  candidate: {
    ...pages.requestInvitation,
    ...requestInvitationContent.modes.candidate.meta,
    heading: requestInvitationContent.modes.candidate.heading,
    path: requestPaths.leaders,
  },
  employer: {
    ...pages.requestInvitation,
    ...requestInvitationContent.modes.employer.meta,
    heading: requestInvitationContent.modes.employer.heading,
    path: requestPaths.employers,
  },
} as const satisfies Record<InvitationMode, PageInfo>;
