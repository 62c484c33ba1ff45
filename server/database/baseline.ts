/**
 * The whole schema as the migrations of 7197f7b leave it (server/requests/stores/store-core.ts,
 * MIGRATIONS, BASELINE_VERSION of them), written once with Kysely's schema builder for both
 * engines: a new database is made by this, an older one by the steps it has not had. What differs
 * is named here: how a time is stored (INTEGER milliseconds, timestamptz), a JSON value (text,
 * json), the row number (SQLite's rowid, PostgreSQL's identity), and what only PostgreSQL keeps:
 * the outbox's indexes (SQLite's holds a handful of rows, cheaper to scan than to index on every
 * save), the pushes' due index, and the unlogged table of shared rate-limit counts.
 */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { compiler } from "./engine";
import type { Database } from "./schema";

/** How many of MIGRATIONS the baseline stands for. */
export const BASELINE_VERSION = 12;

const among = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

/** What every table of the baseline is written with: the builder and the types that differ by engine. */
function builders(name: "sqlite" | "postgres") {
  const db: Kysely<Database> = compiler(name);
  const postgres = name === "postgres";
  const time = postgres ? "timestamptz" : "integer";
  const json = postgres ? "json" : "text";
  const seq = <T extends CreateTableBuilder<string, string>>(table: T) =>
    (postgres
      ? table.addColumn("seq", "bigint", (column) => column.generatedAlwaysAsIdentity().primaryKey())
      : table.addColumn("seq", "integer", (column) => column.primaryKey())) as T;
  /** The lease columns every outbox table has. */
  const lease = <T extends CreateTableBuilder<string, string>>(table: T) =>
    table.addColumn("lease_owner", "text").addColumn("lease_until", time).addColumn("last_error", "text") as T;

  return { db, postgres, time, json, seq, lease } as const;
}
type Builders = ReturnType<typeof builders>;

/** The requests and their indexes. */
function requestTables({ db, time, json, seq, lease }: Builders) {
  return [
    seq(db.schema.createTable("invitation_requests"))
      .addColumn("id", "text", (column) => column.notNull().unique())
      .addColumn("received_at", time, (column) => column.notNull())
      .addColumn("mode", "text", (column) => column.notNull().check(among("mode", ["candidate", "employer"])))
      .addColumn("fields", json, (column) => column.notNull())
      .addColumn("context", json, (column) => column.notNull())
      .addColumn("relay", "text", (column) =>
        column.notNull().check(among("relay", ["pending", "sent", "failed", "off"])),
      )
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", time)
      .$call(lease)
      .addColumn("sent_at", time)
      .addColumn("notice_version", "text")
      .addColumn("held", "text", (column) => column.check(among("held", ["honeypot", "fill-time"])))
      .addColumn("idempotency_key", "text")
      .addColumn("source", json)
      .addColumn("consent", json)
      .addColumn("role", json)
      .addColumn("acknowledged_at", time)
      .addColumn("acknowledged_mailbox", "text")
      .addColumn("acknowledgement_dropped", "text", (column) =>
        column.check(among("acknowledgement_dropped", ["refused", "expired"])),
      )
      .addColumn("reply_by", time)
      .addColumn("answer", "text", (column) => column.check(among("answer", ["invite", "decline", "other"])))
      .addColumn("answered_at", time)
      .addColumn("reminded_at", time),
    db.schema
      .createIndex("invitation_requests_due")
      .on("invitation_requests")
      .columns(["next_attempt_at", "seq"])
      .where(sql.ref("relay"), "=", sql.lit("pending")),
    db.schema.createIndex("invitation_requests_received").on("invitation_requests").column("received_at"),
    db.schema
      .createIndex("invitation_requests_idempotency_key")
      .unique()
      .on("invitation_requests")
      .column("idempotency_key")
      .where("idempotency_key", "is not", null),
    db.schema
      .createIndex("invitation_requests_acknowledged")
      .on("invitation_requests")
      .column("acknowledged_at")
      .where("acknowledged_at", "is not", null),
    db.schema
      .createIndex("invitation_requests_mailbox")
      .on("invitation_requests")
      .columns(["acknowledged_mailbox", "acknowledged_at"])
      .where("acknowledged_mailbox", "is not", null),
    db.schema
      .createIndex("invitation_requests_unanswered")
      .on("invitation_requests")
      .column("reply_by")
      .where(sql<boolean>`${sql.ref("answered_at")} IS NULL AND ${sql.ref("reply_by")} IS NOT NULL`),
  ];
}

/** The notifications' outbox, the stopped channels, the daily jobs and PostgreSQL's rate-limit counts. */
function outboxTables({ db, postgres, time, json, seq, lease }: Builders) {
  return [
    seq(db.schema.createTable("invitation_notifications"))
      .addColumn("request_id", "text")
      .addColumn("kind", "text", (column) =>
        column
          .notNull()
          .check(
            among("kind", [
              "request",
              "relay-refused",
              "held-summary",
              "channel-refused",
              "acknowledgement",
              "reminder",
              "overdue",
              "outcome",
            ]),
          ),
      )
      .addColumn("channel", "text", (column) =>
        column.notNull().check(among("channel", ["email", "webhook", "requester", "requester-outcome"])),
      )
      .addColumn("details", json)
      .addColumn("delivery_id", "text", (column) => column.notNull())
      .addColumn("queued_at", time, (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", time, (column) => column.notNull())
      .$call(lease),
    ...(postgres
      ? [
          db.schema
            .createIndex("invitation_notifications_due")
            .on("invitation_notifications")
            .columns(["next_attempt_at", "seq"]),
          db.schema.createIndex("invitation_notifications_request").on("invitation_notifications").column("request_id"),
        ]
      : []),
    db.schema
      .createTable("invitation_channels")
      .addColumn("channel", "text", (column) => column.primaryKey())
      .addColumn("stopped_at", time, (column) => column.notNull())
      .addColumn("reason", "text", (column) => column.notNull()),
    db.schema
      .createTable("invitation_jobs")
      .addColumn("job", "text", (column) => column.primaryKey())
      .addColumn("last_run_at", time, (column) => column.notNull()),
    ...(postgres
      ? [
          db.schema
            .createTable("invitation_rate_limits")
            .modifyFront(sql`unlogged`)
            .addColumn("key", "text", (column) => column.primaryKey())
            .addColumn("hits", "integer", (column) => column.notNull())
            .addColumn("window_ends_at", time, (column) => column.notNull()),
        ]
      : []),
  ];
}

/** The pushes to search engines and the editor's sign-in. */
function otherTables({ db, postgres, time, lease }: Builders) {
  return [
    db.schema
      .createTable("search_pushes")
      .addColumn("engine", "text", (column) => column.notNull().check(among("engine", ["google", "indexnow"])))
      .addColumn("url", "text", (column) => column.notNull())
      .addColumn("state", "text", (column) => column.notNull())
      .addColumn("pushed_state", "text")
      .addColumn("generation", time, (column) => column.notNull())
      .addColumn("changed_at", time, (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", time)
      .$call(lease)
      .addColumn("pushed_at", time)
      .addPrimaryKeyConstraint("search_pushes_pkey", ["engine", "url"]),
    ...(postgres
      ? [
          db.schema
            .createIndex("search_pushes_due")
            .on("search_pushes")
            .columns(["engine", "next_attempt_at"])
            .where("next_attempt_at", "is not", null),
        ]
      : []),
    db.schema
      .createTable("search_push_quota")
      .addColumn("engine", "text", (column) => column.notNull())
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("used", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("search_push_quota_pkey", ["engine", "day"]),
    db.schema
      .createTable("editor_links")
      .addColumn("token_hash", "text", (column) => column.primaryKey())
      .addColumn("email", "text", (column) => column.notNull())
      .addColumn("expires_at", time, (column) => column.notNull())
      .addColumn("used_at", time),
    db.schema
      .createTable("editor_sessions")
      .addColumn("id_hash", "text", (column) => column.primaryKey())
      .addColumn("email", "text", (column) => column.notNull())
      .addColumn("created_at", time, (column) => column.notNull())
      .addColumn("expires_at", time, (column) => column.notNull()),
  ];
}

/** The statements that make the schema on an empty database, in order. */
export function baselineSchema(name: "sqlite" | "postgres"): string[] {
  const made = builders(name);
  return [...requestTables(made), ...outboxTables(made), ...otherTables(made)].map(
    (statement) => statement.compile().sql,
  );
}
