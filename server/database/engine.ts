/**
 * One query set for both engines: queries are written once with Kysely's builder, typed by
 * ./schema.ts, and run by the engine the server opened. Kysely here compiles (its SQLite or
 * PostgreSQL compiler, no driver of its own); each engine runs the compiled text on the driver the
 * store keeps, so a store's statements and its older hand-written ones share one connection:
 *
 * - SQLite (better-sqlite3, synchronous): a unit of work runs to its end without yielding to the
 *   event loop, inside `BEGIN IMMEDIATE` when it is a transaction, and is tried again on a timer
 *   while another process holds the lock (`whenUnlocked`): the store's guarantees as before.
 * - PostgreSQL (postgres.js): each statement is awaited, a transaction inside `sql.begin`.
 *
 * A unit of work is a generator that yields its statements (`rows`, `first`, `changes`) and
 * receives their results, so the same body runs synchronously on one engine and asynchronously
 * on the other. What differs between the engines is named on `Engine` and nowhere else: how a
 * time is stored, the row locks a claim takes, `greatest`, and a list of tuples to match.
 */
import type BetterSqlite3 from "better-sqlite3";
import type postgres from "postgres";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
} from "kysely";
import type { Database, Time } from "./schema";

/** One statement of a unit of work, and what it wants back: its rows, or how many rows it changed. */
type Step = { query: CompiledQuery; want: "rows" | "changes" };
/** A unit of work: yields its statements in order, returns its result. */
export type Work<T> = Generator<Step, T, unknown>;

/** The statement's rows. */
export function* rows<R>(query: Compilable<R>): Work<R[]> {
  return (yield { query: query.compile(), want: "rows" }) as R[];
}
/** The statement's first row, if any. */
export function* first<R>(query: Compilable<R>): Work<R | undefined> {
  return (yield* rows(query))[0];
}
/** How many rows the statement inserted, changed or deleted. */
export function* changes(query: Compilable<unknown>): Work<number> {
  return (yield { query: query.compile(), want: "changes" }) as number;
}

export interface Engine {
  readonly name: "sqlite" | "postgres";
  /**
   * Whether one server alone uses the database (SQLite: it holds the file's lock), so at its start
   * every claim left is a previous process's; on PostgreSQL other servers' claims run out by their lease.
   */
  readonly oneServer: boolean;
  /** The query builder, typed by every table; build with it, run with `run` or `transaction`. */
  readonly db: Kysely<Database>;
  /** A time as this engine stores it: SQLite's milliseconds, PostgreSQL's timestamptz. */
  time(ms: number): Time;
  /**
   * Locks the rows a claim selects until its transaction ends: PostgreSQL's `FOR UPDATE`
   * (`SKIP LOCKED`: rows another server holds are passed over). SQLite has one writer at a time
   * (the transaction is IMMEDIATE): nothing to add.
   */
  lockRows<QB extends SelectQueryBuilder<Database, keyof Database, object>>(query: QB, skipLocked?: boolean): QB;
  /** A JSON text as a JSON column takes it: SQLite's text as it is, PostgreSQL's cast to json (kept as sent). */
  json(text: string | null): RawBuilder<string | null> | string | null;
  /** The larger of two values: SQLite's two-argument `max`, PostgreSQL's `greatest`. */
  greatest<T>(a: Expression<T>, b: Expression<T>): RawBuilder<T>;
  /**
   * `(columns) IN` the given tuples of text, as one parameter per column (PostgreSQL's `unnest`) or
   * one JSON array (SQLite's `json_each`), so a batch is one statement whatever its size.
   */
  tuplesIn(columns: readonly string[], tuples: readonly (readonly string[])[]): RawBuilder<boolean>;
  /** Runs a unit of work, its statements one after the other (autocommitted). */
  run<T>(work: () => Work<T>): Promise<T>;
  /** Runs a unit of work in one transaction. */
  transaction<T>(work: () => Work<T>): Promise<T>;
}

/** An outbox row no live lease holds at `at` (its lease ended, or it has none): claimable once due. */
export const unleased = (at: Time) => sql<boolean>`(lease_until IS NULL OR lease_until <= ${at})`;

/** An outbox's rows due at `at` that no live lease holds, longest-waiting first (due time, then row number), at most `limit`. */
export const dueFirst = <QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  query: QB,
  at: Time,
  limit: number,
): QB =>
  query
    .where(sql<boolean>`next_attempt_at <= ${at}`)
    .where(unleased(at))
    .orderBy(sql`next_attempt_at`)
    .orderBy(sql`seq`)
    .limit(limit) as QB;

/** When an outbox's first row becomes claimable: the least of each row's due time or, when later, its lease's end. */
export const claimableAt = (engine: Engine) =>
  sql<Time | null>`min(${engine.greatest(sql.ref("next_attempt_at"), sql`coalesce(lease_until, next_attempt_at)`)})`;

/** Kysely as a compiler only (its documented use with DummyDriver): the engines run what it writes. */
export function compiler(name: Engine["name"]): Kysely<Database> {
  const sqlite = name === "sqlite";
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

const columnList = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));

/** Prepared statements kept by their text: a few dozen in use, a bound for lists whose length varies. */
const STATEMENT_CACHE_SIZE = 256;

export function sqliteEngine(db: BetterSqlite3.Database, whenUnlocked: <T>(run: () => T) => Promise<T>): Engine {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
    }
    return statement;
  };
  const drive = <T>(work: Work<T>): T => {
    for (let step = work.next(); ;) {
      if (step.done) return step.value;
      const { query, want } = step.value;
      const statement = prepared(query.sql);
      const parameters = query.parameters as unknown[];
      step = work.next(want === "rows" ? statement.all(...parameters) : statement.run(...parameters).changes);
    }
  };
  return {
    name: "sqlite",
    oneServer: true,
    db: compiler("sqlite"),
    time: (ms) => ms,
    lockRows: (query) => query,
    json: (text) => text,
    greatest: (a, b) => sql`max(${a}, ${b})`,
    tuplesIn: (columns, tuples) =>
      sql<boolean>`(${columnList(columns)}) IN (SELECT ${sql.join(
        columns.map((_, index) => sql`value ->> ${sql.lit(index)}`),
      )} FROM json_each(${JSON.stringify(tuples)}))`,
    run: (work) => whenUnlocked(() => drive(work())),
    transaction: (work) => whenUnlocked(() => db.transaction(() => drive(work())).immediate()),
  };
}

export function postgresEngine(pool: postgres.Sql): Engine {
  const drive = async <T>(connection: postgres.Sql | postgres.TransactionSql, work: Work<T>): Promise<T> => {
    for (let step = work.next(); ;) {
      if (step.done) return step.value;
      const { query, want } = step.value;
      const result = await connection.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      });
      step = work.next(want === "rows" ? [...result] : result.count);
    }
  };
  return {
    name: "postgres",
    oneServer: false,
    db: compiler("postgres"),
    time: (ms) => new Date(ms),
    lockRows: (query, skipLocked = false) => {
      const locked = query.forUpdate();
      return (skipLocked ? locked.skipLocked() : locked) as typeof query;
    },
    greatest: (a, b) => sql`greatest(${a}, ${b})`,
    json: (text) => (text === null ? null : sql<string>`${text}::text::json`),
    tuplesIn: (columns, tuples) =>
      sql<boolean>`(${columnList(columns)}) IN (SELECT * FROM unnest(${sql.join(
        columns.map((_, index) => sql`${tuples.map((tuple) => tuple[index]!)}::text[]`),
      )}))`,
    run: (work) => drive(pool, work()),
    transaction: <T>(work: () => Work<T>) => pool.begin((tx) => drive(tx, work())) as Promise<T>,
  };
}
