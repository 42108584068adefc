-- Issue 14 item 1: the embedded database (PGlite, one process) remembers the guard's rows; any write to what the
-- guard reads (sessions, users, store memberships) tells that process at its commit, which forgets them all.
-- On PostgreSQL the guard reads every request and nobody listens (a notification nobody listens to costs one queue entry).
CREATE OR REPLACE FUNCTION auth_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backroom_auth', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER store_memberships_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_memberships FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
