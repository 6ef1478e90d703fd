-- Hand-written (drizzle's schema cannot state triggers): every process caches who is calling (user,
-- company, plan) and the company's settings; a change to any of them, by whatever code path, tells
-- every process at commit through NOTIFY, so a permission taken away stops working at once everywhere.
CREATE OR REPLACE FUNCTION balcao_notify_actor_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('balcao_actor_change', TG_ARGV[0] || ':' || (changed ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_actor_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION balcao_notify_actor_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_actor_change AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION balcao_notify_actor_change('company', 'id');
--> statement-breakpoint
CREATE TRIGGER plans_actor_change AFTER UPDATE OR DELETE ON plans
  FOR EACH ROW EXECUTE FUNCTION balcao_notify_actor_change('plan', 'id');
--> statement-breakpoint
CREATE TRIGGER company_settings_actor_change AFTER INSERT OR UPDATE OR DELETE ON company_settings
  FOR EACH ROW EXECUTE FUNCTION balcao_notify_actor_change('settings', 'company_id');
