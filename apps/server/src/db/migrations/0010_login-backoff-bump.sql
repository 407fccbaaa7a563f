-- One round trip for a backoff check of the login rate limits (platform/rate-limit.ts): count the attempt, which
-- locks the counter row, then read the previous window's failures and the running wait. The reads are statements
-- of their own inside this VOLATILE function, so each takes a fresh snapshot after the lock is held: an attempt that
-- waited for the lock sees the wait the attempt before it started, as two statements from the client did.
CREATE FUNCTION "login_backoff_bump"(
  "p_key" text,
  "p_window_start" timestamptz,
  "p_previous_window_start" timestamptz,
  "p_wait_key" text
) RETURNS TABLE ("current_count" integer, "previous_count" integer, "wait_until" timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO login_attempts AS a (key, window_start, count) VALUES (p_key, p_window_start, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = a.count + 1
    RETURNING a.count INTO current_count;
  SELECT a.count INTO previous_count FROM login_attempts a
    WHERE a.key = p_key AND a.window_start = p_previous_window_start;
  SELECT max(a.window_start) INTO wait_until FROM login_attempts a WHERE a.key = p_wait_key;
  RETURN NEXT;
END;
$$;
