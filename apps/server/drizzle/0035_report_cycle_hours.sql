CREATE TABLE "ticket_cycle_hours" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"cycles" integer NOT NULL,
	CONSTRAINT "ticket_cycle_hours_company_id_hour_pk" PRIMARY KEY("company_id","hour")
);
--> statement-breakpoint
ALTER TABLE "ticket_cycle_hours" ADD CONSTRAINT "ticket_cycle_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle's schema cannot state triggers): every write to ticket_cycles, by whatever code
-- path (the intake, an import, a ticket deleted with its cycles), moves the hours' counts in the same
-- transaction. Inserts and deletes are counted per statement (a bulk insert is one upsert per hour);
-- a cycle's start or company never changes in the code, but if one did, its row moves it.
CREATE FUNCTION balcao_count_cycle_hours_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_cycle_hours (company_id, hour, cycles)
    SELECT company_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM added_cycles GROUP BY 1, 2
    ON CONFLICT (company_id, hour) DO UPDATE SET cycles = ticket_cycle_hours.cycles + excluded.cycles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION balcao_count_cycle_hours_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ticket_cycle_hours h SET cycles = h.cycles - removed.cycles
    FROM (SELECT company_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS cycles
          FROM removed_cycles GROUP BY 1, 2) removed
    WHERE h.company_id = removed.company_id AND h.hour = removed.hour;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION balcao_count_cycle_hours_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ticket_cycle_hours SET cycles = cycles - 1
    WHERE company_id = OLD.company_id AND hour = date_trunc('hour', OLD.created_at, 'UTC');
  INSERT INTO ticket_cycle_hours (company_id, hour, cycles)
    VALUES (NEW.company_id, date_trunc('hour', NEW.created_at, 'UTC'), 1)
    ON CONFLICT (company_id, hour) DO UPDATE SET cycles = ticket_cycle_hours.cycles + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_cycles_hours_added AFTER INSERT ON ticket_cycles
  REFERENCING NEW TABLE AS added_cycles FOR EACH STATEMENT EXECUTE FUNCTION balcao_count_cycle_hours_added();
--> statement-breakpoint
CREATE TRIGGER ticket_cycles_hours_removed AFTER DELETE ON ticket_cycles
  REFERENCING OLD TABLE AS removed_cycles FOR EACH STATEMENT EXECUTE FUNCTION balcao_count_cycle_hours_removed();
--> statement-breakpoint
CREATE TRIGGER ticket_cycles_hours_moved AFTER UPDATE OF company_id, created_at ON ticket_cycles
  FOR EACH ROW WHEN (OLD.company_id <> NEW.company_id OR OLD.created_at <> NEW.created_at)
  EXECUTE FUNCTION balcao_count_cycle_hours_moved();
--> statement-breakpoint
INSERT INTO ticket_cycle_hours (company_id, hour, cycles)
  SELECT company_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM ticket_cycles GROUP BY 1, 2;
