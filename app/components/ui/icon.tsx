import type { ComponentType } from "react";
import type { IconName } from "#shared/content/fields.ts";
import * as icons from "./icons";
import type { IconProps } from "./icons";

/**
 * The icons content names (`feature.icon`), by name. Importing this map brings every one
 * of them: content-driven sections render on the server only; interactive code imports
 * the icons it draws from `./icons` directly.
 */
const ICONS: Record<IconName, ComponentType<IconProps>> = {
  award: icons.AwardIcon,
  briefcase: icons.BriefcaseIcon,
  building: icons.BuildingIcon,
  chart: icons.ChartIcon,
  chat: icons.ChatIcon,
  check: icons.CheckIcon,
  clipboard: icons.ClipboardIcon,
  compass: icons.CompassIcon,
  external: icons.ExternalIcon,
  cpu: icons.CpuIcon,
  document: icons.DocumentIcon,
  exchange: icons.ExchangeIcon,
  gem: icons.GemIcon,
  gift: icons.GiftIcon,
  globe: icons.GlobeIcon,
  lightbulb: icons.LightbulbIcon,
  "list-check": icons.ListCheckIcon,
  lock: icons.LockIcon,
  network: icons.NetworkIcon,
  radar: icons.RadarIcon,
  route: icons.RouteIcon,
  search: icons.SearchIcon,
  shield: icons.ShieldIcon,
  sparkles: icons.SparklesIcon,
  tag: icons.TagIcon,
  target: icons.TargetIcon,
  trending: icons.TrendingIcon,
  "user-badge": icons.UserBadgeIcon,
  users: icons.UsersIcon,
};

/** A decorative icon chosen by the name content gives it. */
export function Icon({ name, className }: { name: IconName } & IconProps) {
  const Drawn = ICONS[name];
  return <Drawn className={className} />;
}
