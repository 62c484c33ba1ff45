import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** What every icon takes: decorative, so only its size and colour (through `className`). */
export interface IconProps {
  className?: string;
}

/**
 * A 24-unit line icon drawn for this site: `currentColor` strokes, so it takes the text
 * colour, and hidden from assistive technology, which reads the text beside it. Each icon
 * is its own export (marked pure), so a bundle carries only the icons it imports.
 */
function icon(name: string, shape: ReactNode) {
  function SiteIcon({ className }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn("size-6 shrink-0", className)}
      >
        {shape}
      </svg>
    );
  }
  SiteIcon.displayName = name;
  return SiteIcon;
}

export const AwardIcon = /* @__PURE__ */ icon(
  "award",
  <>
    <circle cx="12" cy="9" r="5.5" />
    <path d="M8.6 13.4 7 21l5-2.6 5 2.6-1.6-7.6" />
  </>,
);
export const BriefcaseIcon = /* @__PURE__ */ icon(
  "briefcase",
  <path d="M5 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zm3 0V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />,
);
export const BuildingIcon = /* @__PURE__ */ icon(
  "building",
  <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16m0-12h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4m-4 4h4m-4 4h4" />,
);
export const ChartIcon = /* @__PURE__ */ icon("chart", <path d="M3 3v18h18M7 15l4-4 3 3 6-6.5" />);
export const ChatIcon = /* @__PURE__ */ icon(
  "chat",
  <path d="M21 12a8.5 8.5 0 0 1-12.4 7.6L3.5 21l1.3-4.8A8.5 8.5 0 1 1 21 12zM8 12h.01M12 12h.01M16 12h.01" />,
);
export const CheckIcon = /* @__PURE__ */ icon("check", <path d="m5 12.5 4.5 4.5L19 7.5" />);
export const ClipboardIcon = /* @__PURE__ */ icon(
  "clipboard",
  <path d="M9 4H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2M9 3h6v3H9zm0 10.5 2 2 4-4" />,
);
export const CompassIcon = /* @__PURE__ */ icon(
  "compass",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);
export const ExternalIcon = /* @__PURE__ */ icon(
  "external",
  <path d="M10 5H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-4M14 4h6v6m0-6-9 9" />,
);
export const CpuIcon = /* @__PURE__ */ icon(
  "cpu",
  <>
    <rect x="6" y="6" width="12" height="12" rx="2" />
    <path d="M10 10h4v4h-4zM9 2.5V6m6-3.5V6m-6 12v3.5m6-3.5v3.5M2.5 9H6m-3.5 6H6m12-6h3.5M18 15h3.5" />
  </>,
);
export const DocumentIcon = /* @__PURE__ */ icon(
  "document",
  <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zm0 0v5h5M9 13h6m-6 4h4" />,
);
export const ExchangeIcon = /* @__PURE__ */ icon(
  "exchange",
  <path d="M4 8h15m0 0-3.5-3.5M19 8l-3.5 3.5M20 16H5m0 0 3.5-3.5M5 16l3.5 3.5" />,
);
export const GemIcon = /* @__PURE__ */ icon(
  "gem",
  <path d="M6.5 3.5h11L22 9.5 12 21 2 9.5zM2 9.5h20M12 21 8.5 9.5l2-6m1.5 17.5 3.5-11.5-2-6" />,
);
export const GiftIcon = /* @__PURE__ */ icon(
  "gift",
  <path d="M4 8h16v4H4zm1 4v8h14v-8m-7-4v12m0-12S10.8 3.5 8 4s-1.2 4 4 4zm0 0s1.2-4.5 4-4 1.2 4-4 4z" />,
);
export const GlobeIcon = /* @__PURE__ */ icon(
  "globe",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.6 2.6 3.8 5.6 3.8 9S14.6 18.4 12 21c-2.6-2.6-3.8-5.6-3.8-9S9.4 5.6 12 3z" />
  </>,
);
export const LightbulbIcon = /* @__PURE__ */ icon(
  "lightbulb",
  <path d="M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.1v.1h5v-.1c0-.8.4-1.6 1.1-2.1A6 6 0 0 0 12 3z" />,
);
export const ListCheckIcon = /* @__PURE__ */ icon(
  "list-check",
  <path d="M11 6h10m-10 6h10m-10 6h10M3 6l1.5 1.5L7.5 4.5M3 12l1.5 1.5 3-3M3 18l1.5 1.5 3-3" />,
);
export const LockIcon = /* @__PURE__ */ icon(
  "lock",
  <>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3m-4 4.5V17" />
  </>,
);
export const NetworkIcon = /* @__PURE__ */ icon(
  "network",
  <>
    <circle cx="12" cy="5" r="2.2" />
    <circle cx="5" cy="18.5" r="2.2" />
    <circle cx="19" cy="18.5" r="2.2" />
    <path d="M12 7.2v4.3m0 0-5.4 5.4m5.4-5.4 5.4 5.4M7.2 18.5h9.6" />
  </>,
);
export const RadarIcon = /* @__PURE__ */ icon(
  "radar",
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4.5" />
    <path d="m12 12 6.4-6.4" />
  </>,
);
export const RouteIcon = /* @__PURE__ */ icon(
  "route",
  <>
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="5" r="2" />
    <path d="M8 19h8.5a3.5 3.5 0 0 0 0-7h-9a3.5 3.5 0 0 1 0-7H16" />
  </>,
);
export const SearchIcon = /* @__PURE__ */ icon(
  "search",
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20.5 20.5-4.5-4.5" />
  </>,
);
export const ShieldIcon = /* @__PURE__ */ icon(
  "shield",
  <path d="M12 3 20 6v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6zm-3 9 2 2 4-4" />,
);
export const SparklesIcon = /* @__PURE__ */ icon(
  "sparkles",
  <path d="m11 3 1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9zm7.5 10 .9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z" />,
);
export const TagIcon = /* @__PURE__ */ icon(
  "tag",
  <>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
);
export const TargetIcon = /* @__PURE__ */ icon(
  "target",
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const TrendingIcon = /* @__PURE__ */ icon("trending", <path d="m3 17 6-6 4 4 8-8m-6 0h6v6" />);
export const UserBadgeIcon = /* @__PURE__ */ icon(
  "user-badge",
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10.5" r="2.5" />
    <path d="M5.5 17c.7-1.8 2-2.7 3.5-2.7s2.8.9 3.5 2.7M15 10h3m-3 4h3" />
  </>,
);
export const UsersIcon = /* @__PURE__ */ icon(
  "users",
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.4 3.4-5.5 6.5-5.5s5.7 2.1 6.5 5.5M16 4.6a3.5 3.5 0 0 1 0 6.8m2 3.3c1.9.7 3.1 2.5 3.5 5.3" />
  </>,
);

// Icons the components draw themselves (not named by content).
export const ArrowRightIcon = /* @__PURE__ */ icon("arrow-right", <path d="M4.8 12h14.4m-5.4-5.4 5.4 5.4-5.4 5.4" />);
export const ArrowLeftIcon = /* @__PURE__ */ icon("arrow-left", <path d="M15 5.4 8.4 12l6.6 6.6" />);
export const AlertIcon = /* @__PURE__ */ icon(
  "alert",
  <>
    <path d="M12 8v5m0 3.5v.01" />
    <path d="M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0z" />
  </>,
);
export const ShieldCheckIcon = /* @__PURE__ */ icon(
  "shield-check",
  <>
    <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
    <path d="M9 12l2 2 4-4" />
  </>,
);
export const MenuIcon = /* @__PURE__ */ icon("menu", <path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = /* @__PURE__ */ icon("close", <path d="M6 6l12 12M18 6 6 18" />);
