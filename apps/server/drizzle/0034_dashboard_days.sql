CREATE TABLE "dashboard_day_versions" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"part" smallint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "dashboard_day_versions_company_id_day_part_pk" PRIMARY KEY("company_id","day","part")
);
--> statement-breakpoint
CREATE TABLE "dashboard_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"part" smallint NOT NULL,
	"timezone" text NOT NULL,
	"version" bigint NOT NULL,
	"facts" json NOT NULL,
	CONSTRAINT "dashboard_days_company_id_day_part_pk" PRIMARY KEY("company_id","day","part")
);
--> statement-breakpoint
DROP INDEX "ticket_cycles_company_created_idx";--> statement-breakpoint
DROP INDEX "ticket_cycles_company_closed_idx";--> statement-breakpoint
DROP INDEX "ticket_cycles_company_accepted_idx";--> statement-breakpoint
DROP INDEX "ticket_cycles_company_open_idx";--> statement-breakpoint
DROP INDEX "ticket_cycles_ticket_idx";--> statement-breakpoint
DROP INDEX "ticket_ratings_company_created_idx";--> statement-breakpoint
DROP INDEX "tickets_company_created_idx";--> statement-breakpoint
ALTER TABLE "dashboard_day_versions" ADD CONSTRAINT "dashboard_day_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_days" ADD CONSTRAINT "dashboard_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_created_idx" ON "ticket_cycles" USING btree ("company_id","created_at","queue_id","user_id");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_closed_idx" ON "ticket_cycles" USING btree ("company_id","closed_at","user_id","accepted_at","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_accepted_idx" ON "ticket_cycles" USING btree ("company_id","accepted_at","queued_at","user_id");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_open_idx" ON "ticket_cycles" USING btree ("company_id","accepted_at","ticket_id") WHERE "ticket_cycles"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_cycles_ticket_idx" ON "ticket_cycles" USING btree ("ticket_id","closed_at");--> statement-breakpoint
CREATE INDEX "ticket_ratings_company_created_idx" ON "ticket_ratings" USING btree ("company_id","created_at","scale","user_id","rate");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at","is_group","contact_id");--> statement-breakpoint
-- Hand-written (drizzle's schema cannot state triggers). A change to facts that may already be kept raises
-- the version of their slice (the whole day when the day has ended, else the day's hour), in the changing
-- statement's transaction, so a kept copy of that slice stops counting. Facts of the last five minutes (by the
-- database's clock) raise nothing: copies are only kept of slices that ended over ten minutes ago, and nearly
-- every write is about now, so the busy path takes no lock here.
CREATE FUNCTION balcao_dashboard_raise(company_ids integer[], instants timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_day_versions AS v (company_id, day, part, version)
  SELECT DISTINCT f.company_id, d.day,
         CASE WHEN d.day < d.today THEN -1
              ELSE floor(extract(epoch FROM f.instant - (d.day::timestamp AT TIME ZONE c.timezone)) / 3600)::int END,
         1
  FROM unnest(company_ids, instants) AS f(company_id, instant)
  JOIN companies c ON c.id = f.company_id,
  LATERAL (SELECT (f.instant AT TIME ZONE c.timezone)::date AS day,
                  (clock_timestamp() AT TIME ZONE c.timezone)::date AS today) d
  WHERE f.instant IS NOT NULL
    AND (d.day < d.today OR f.instant < clock_timestamp() - interval '5 minutes')
  -- One order for every statement, so two of them raising the same slices cannot deadlock.
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, day, part) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- A cycle counts where it started (queue, holder), where it was accepted (wait) and where it closed
-- (holder, service time, and whether its ticket had closed before: closed chats count a ticket once).
CREATE FUNCTION balcao_dashboard_cycles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM balcao_dashboard_raise(array_agg(n.company_id), array_agg(t.instant))
    FROM new_rows n, LATERAL (VALUES (n.created_at), (n.accepted_at), (n.closed_at)) AS t(instant);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM balcao_dashboard_raise(array_agg(x.company_id), array_agg(x.instant)) FROM (
      SELECT o.company_id, t.instant
      FROM old_rows o, LATERAL (VALUES (o.created_at), (o.accepted_at), (o.closed_at)) AS t(instant)
      UNION ALL
      SELECT c.company_id, c.closed_at
      FROM old_rows o JOIN ticket_cycles c ON c.ticket_id = o.ticket_id AND c.closed_at > o.closed_at
    ) x;
  ELSE
    PERFORM balcao_dashboard_raise(array_agg(NEW.company_id), array_agg(t.instant)) FROM (
      SELECT t.instant FROM (VALUES
        (OLD.created_at, (OLD.created_at, OLD.queue_id, OLD.user_id) IS DISTINCT FROM (NEW.created_at, NEW.queue_id, NEW.user_id)),
        (NEW.created_at, (OLD.created_at, OLD.queue_id, OLD.user_id) IS DISTINCT FROM (NEW.created_at, NEW.queue_id, NEW.user_id)),
        (OLD.accepted_at, (OLD.accepted_at, OLD.queued_at, OLD.user_id) IS DISTINCT FROM (NEW.accepted_at, NEW.queued_at, NEW.user_id)),
        (NEW.accepted_at, (OLD.accepted_at, OLD.queued_at, OLD.user_id) IS DISTINCT FROM (NEW.accepted_at, NEW.queued_at, NEW.user_id)),
        (OLD.closed_at, (OLD.closed_at, OLD.accepted_at, OLD.user_id, OLD.ticket_id) IS DISTINCT FROM (NEW.closed_at, NEW.accepted_at, NEW.user_id, NEW.ticket_id)),
        (NEW.closed_at, (OLD.closed_at, OLD.accepted_at, OLD.user_id, OLD.ticket_id) IS DISTINCT FROM (NEW.closed_at, NEW.accepted_at, NEW.user_id, NEW.ticket_id))
      ) AS t(instant, changed)
      WHERE t.changed
      UNION ALL
      -- Closes after a moved or changed close now follow another one, or no longer do.
      SELECT c.closed_at FROM ticket_cycles c
      WHERE (OLD.closed_at, OLD.ticket_id) IS DISTINCT FROM (NEW.closed_at, NEW.ticket_id)
        AND c.ticket_id IN (OLD.ticket_id, NEW.ticket_id) AND c.id <> NEW.id
        AND c.closed_at > least(coalesce(OLD.closed_at, 'infinity'), coalesce(NEW.closed_at, 'infinity'))
    ) t;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_cycles_dashboard_inserted AFTER INSERT ON ticket_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_cycles_changed();
--> statement-breakpoint
-- Per row, and only when a column the facts read changed: a first reply or a rating mark costs nothing here.
CREATE TRIGGER ticket_cycles_dashboard_updated AFTER UPDATE ON ticket_cycles FOR EACH ROW
  WHEN ((OLD.created_at, OLD.queue_id, OLD.user_id, OLD.queued_at, OLD.accepted_at, OLD.closed_at, OLD.ticket_id)
        IS DISTINCT FROM (NEW.created_at, NEW.queue_id, NEW.user_id, NEW.queued_at, NEW.accepted_at, NEW.closed_at, NEW.ticket_id))
  EXECUTE FUNCTION balcao_dashboard_cycles_changed();
--> statement-breakpoint
CREATE TRIGGER ticket_cycles_dashboard_deleted AFTER DELETE ON ticket_cycles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_cycles_changed();
--> statement-breakpoint
CREATE FUNCTION balcao_dashboard_ratings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM balcao_dashboard_raise(array_agg(n.company_id), array_agg(n.created_at)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM balcao_dashboard_raise(array_agg(o.company_id), array_agg(o.created_at)) FROM old_rows o;
  ELSE
    PERFORM balcao_dashboard_raise(ARRAY[NEW.company_id, NEW.company_id], ARRAY[OLD.created_at, NEW.created_at]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_ratings_dashboard_inserted AFTER INSERT ON ticket_ratings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER ticket_ratings_dashboard_updated AFTER UPDATE ON ticket_ratings FOR EACH ROW
  WHEN ((OLD.created_at, OLD.rate, OLD.scale, OLD.user_id) IS DISTINCT FROM (NEW.created_at, NEW.rate, NEW.scale, NEW.user_id))
  EXECUTE FUNCTION balcao_dashboard_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER ticket_ratings_dashboard_deleted AFTER DELETE ON ticket_ratings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_ratings_changed();
--> statement-breakpoint
-- Leads: a contact counts on the day of its first ticket. A ticket added before the contact's others, or
-- the first one removed, moves that day.
CREATE FUNCTION balcao_dashboard_tickets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM balcao_dashboard_raise(array_agg(x.company_id), array_agg(x.instant)) FROM (
      SELECT n.company_id, n.created_at AS instant FROM new_rows n
      UNION ALL
      SELECT n.company_id, (SELECT min(t.created_at) FROM tickets t
                            WHERE t.company_id = n.company_id AND t.contact_id = n.contact_id AND t.created_at > n.created_at)
      FROM new_rows n
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM balcao_dashboard_raise(array_agg(x.company_id), array_agg(x.instant)) FROM (
      SELECT o.company_id, o.created_at AS instant FROM old_rows o
      UNION ALL
      SELECT o.company_id, (SELECT min(t.created_at) FROM tickets t
                            WHERE t.company_id = o.company_id AND t.contact_id = o.contact_id AND t.created_at >= o.created_at)
      FROM old_rows o
    ) x;
  ELSE
    PERFORM balcao_dashboard_raise(array_agg(NEW.company_id), array_agg(t.instant)) FROM (VALUES
      (OLD.created_at),
      (NEW.created_at),
      ((SELECT min(t.created_at) FROM tickets t
        WHERE t.company_id = OLD.company_id AND t.contact_id = OLD.contact_id AND t.created_at >= OLD.created_at)),
      ((SELECT min(t.created_at) FROM tickets t
        WHERE t.company_id = NEW.company_id AND t.contact_id = NEW.contact_id AND t.created_at > NEW.created_at))
    ) AS t(instant);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_inserted AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_tickets_changed();
--> statement-breakpoint
-- Per row, and only when the contact, the start or the group flag changed: a ticket is updated on every
-- message, and this must cost those updates nothing.
CREATE TRIGGER tickets_dashboard_updated AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.contact_id, OLD.created_at, OLD.is_group) IS DISTINCT FROM (NEW.contact_id, NEW.created_at, NEW.is_group))
  EXECUTE FUNCTION balcao_dashboard_tickets_changed();
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_deleted AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION balcao_dashboard_tickets_changed();
