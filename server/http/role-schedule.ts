/**
 * The build's roles as they stand at the moment of a request, from the timetable the build
 * wrote (BUILD_DIR/roles.json): which have closed, which are open. A role closes on its day
 * with no restart and no rebuild; what depends on the set of open roles (the list, the
 * sitemap) is recomputed only when that set changes, i.e. when a closing time has passed.
 */
import { isOpen, type RoleTimetable, type RoleTimetableEntry } from "#shared/roles/timetable.ts";
import type { RolesNow } from "./request-path";

export interface RolesState extends RolesNow {
  /** Changes exactly when the set of closed roles does: what is derived from it is kept per version. */
  readonly version: number;
  /** The slugs of the build's roles that have closed. */
  readonly closed: ReadonlySet<string>;
  /** Whether any role of the build is still open. */
  readonly anyOpen: boolean;
}

export class RoleSchedule {
  private readonly bySlug: ReadonlyMap<string, RoleTimetableEntry>;
  private state: RolesState;
  /** The state holds for `after < now <= until`: past the last closing behind it, up to the next one ahead. */
  private after = Infinity;
  private until = -Infinity;

  constructor(
    timetable: RoleTimetable,
    private readonly clock: () => number = Date.now,
  ) {
    this.bySlug = new Map(timetable.roles.map((role) => [role.slug, role]));
    this.state = this.stateAt(clock(), 0);
  }

  /** The roles now: one comparison per request, a recomputation when a closing time has passed. */
  now(): RolesState {
    const now = this.clock();
    if (now <= this.after || now > this.until) {
      const next = this.stateAt(now, this.state.version);
      // A clock set back could reopen a role: the version follows the set whichever way it moves.
      const same =
        next.closed.size === this.state.closed.size && [...next.closed].every((slug) => this.state.closed.has(slug));
      this.state = same ? next : { ...next, version: this.state.version + 1 };
    }
    return this.state;
  }

  private stateAt(now: number, version: number): RolesState {
    const closed = new Set<string>();
    this.after = -Infinity;
    this.until = Infinity;
    for (const role of this.bySlug.values()) {
      if (isOpen(role, now)) this.until = Math.min(this.until, role.closesAt);
      else {
        closed.add(role.slug);
        this.after = Math.max(this.after, role.closesAt);
      }
    }
    const bySlug = this.bySlug;
    return {
      version,
      closed,
      anyOpen: closed.size < bySlug.size,
      isClosed: (slug) => closed.has(slug),
      isOpen: (slug) => bySlug.has(slug) && !closed.has(slug),
    };
  }
}
