/**
 * The build's roles as they stand at the moment of a request, from the timetable the build
 * wrote (BUILD_DIR/roles.json): which are still to open, which are open, which have closed. A
 * role opens and closes on its day with no restart and no rebuild; what depends on the set of open
 * roles (the list, the sitemap, the feed) is recomputed only when that set changes, i.e. when an
 * opening or a closing time has passed.
 */
import { isOpen, isUpcoming, type RoleTimetable, type RoleTimetableEntry } from "#shared/roles/timetable.ts";
import type { RolesNow } from "./request-path";

export interface RolesState extends RolesNow {
  /** Changes exactly when the set of open roles does: what is derived from it is kept per version. */
  readonly version: number;
  /** The slugs of the build's roles that are open. */
  readonly open: ReadonlySet<string>;
  /** Whether any role of the build is open. */
  readonly anyOpen: boolean;
}

export class RoleSchedule {
  private readonly bySlug: ReadonlyMap<string, RoleTimetableEntry>;
  private state: RolesState;
  /** The state holds for `from <= now < to`: past the last moment behind it, up to the next one ahead. */
  private from = Infinity;
  private to = -Infinity;

  constructor(
    timetable: RoleTimetable,
    private readonly clock: () => number = Date.now,
  ) {
    this.bySlug = new Map(timetable.roles.map((role) => [role.slug, role]));
    this.state = this.stateAt(clock(), 0);
  }

  /** The roles now: one comparison per request, a recomputation when an opening or closing time has passed. */
  now(): RolesState {
    const now = this.clock();
    if (now < this.from || now >= this.to) {
      const next = this.stateAt(now, this.state.version);
      // A clock set back could reopen a role: the version follows the set whichever way it moves.
      const same = next.open.size === this.state.open.size && [...next.open].every((slug) => this.state.open.has(slug));
      this.state = same ? next : { ...next, version: this.state.version + 1 };
    }
    return this.state;
  }

  private stateAt(now: number, version: number): RolesState {
    const open = new Set<string>();
    const upcoming = new Set<string>();
    this.from = -Infinity;
    this.to = Infinity;
    for (const role of this.bySlug.values()) {
      if (isUpcoming(role, now)) {
        upcoming.add(role.slug);
        this.to = Math.min(this.to, role.opensAt);
      } else if (isOpen(role, now)) {
        open.add(role.slug);
        this.from = Math.max(this.from, role.opensAt);
        this.to = Math.min(this.to, role.closesAt + 1);
      } else {
        this.from = Math.max(this.from, role.closesAt + 1);
      }
    }
    const bySlug = this.bySlug;
    return {
      version,
      open,
      anyOpen: open.size > 0,
      isOpen: (slug) => open.has(slug),
      isUpcoming: (slug) => upcoming.has(slug),
      isClosed: (slug) => bySlug.has(slug) && !open.has(slug) && !upcoming.has(slug),
    };
  }
}
