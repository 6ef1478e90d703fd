-- Hand-written (drizzle's schema cannot state triggers): every process caches the connection a
-- webhook's provider id names; a change to a connection, by whatever code path, tells every process
-- at commit through NOTIFY, so an edited or deleted connection is never served from a cache.
CREATE OR REPLACE FUNCTION balcao_notify_connection_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('balcao_connection_change', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER connections_change AFTER INSERT OR UPDATE OR DELETE ON connections
  FOR EACH ROW EXECUTE FUNCTION balcao_notify_connection_change();
