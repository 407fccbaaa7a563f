-- The login rate limits' counting (platform/rate-limit.ts) in one autocommitted round trip instead of a transaction
-- of several: reserve_attempts counts an attempt against each limit, all or nothing. Each statement inside these
-- VOLATILE functions takes a fresh snapshot, so the reads after a counter's upsert (which locks its row) see what the
-- attempt before it on the same counter wrote, as the statements of a client transaction did.

-- Counts one attempt against one limit and answers the wait it is refused for (0: not refused) and, for a backoff
-- limit, the end of the wait it starts in case it fails (null when none). The check is the json rate-limit.ts
-- builds: key and window_start, then max and window_ms (a fixed window) or previous_start, wait_key, free, base_ms
-- and max_wait_ms (exponential backoff over the failures of the current and the previous window).
CREATE FUNCTION "count_attempt"("p_now" timestamptz, "p_check" jsonb)
RETURNS TABLE ("refused_ms" double precision, "wait_until" timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_key text := p_check->>'key';
  v_start timestamptz := (p_check->>'window_start')::timestamptz;
  v_count integer;
  v_previous integer;
  v_running timestamptz;
  v_over integer;
BEGIN
  refused_ms := 0;
  INSERT INTO login_attempts AS a (key, window_start, count) VALUES (v_key, v_start, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = a.count + 1
    RETURNING a.count INTO v_count;
  IF p_check ? 'max' THEN
    IF v_count > (p_check->>'max')::integer THEN
      refused_ms := extract(epoch FROM v_start - p_now) * 1000 + (p_check->>'window_ms')::double precision;
    END IF;
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT a.count INTO v_previous FROM login_attempts a
    WHERE a.key = v_key AND a.window_start = (p_check->>'previous_start')::timestamptz;
  SELECT max(a.window_start) INTO v_running FROM login_attempts a WHERE a.key = p_check->>'wait_key';
  IF v_running > p_now THEN
    refused_ms := extract(epoch FROM v_running - p_now) * 1000;
    RETURN NEXT;
    RETURN;
  END IF;
  -- The failures there will be if this attempt fails, beyond the free ones.
  v_over := v_count + coalesce(v_previous, 0) - (p_check->>'free')::integer;
  IF v_over >= 0 THEN
    -- The exponent is capped: the wait reaches max_wait_ms long before, and 2 ^ a large number overflows.
    wait_until := p_now + least((p_check->>'max_wait_ms')::double precision,
      (p_check->>'base_ms')::double precision * 2 ^ least(v_over, 40)) * interval '1 millisecond';
    INSERT INTO login_attempts (key, window_start, count) VALUES (p_check->>'wait_key', wait_until, 1)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- Counts an attempt against every check of p_checks and then, unless the account signed in from the address before
-- (a row p_known_key not yet expired; null: no such question), against every check of p_unknown_checks. When any
-- check refuses, nothing is counted (the block's writes are undone) and retry_after_ms is the longest wait;
-- otherwise waits lists the backoff waits started ({key, until}) for the caller to remove if the attempt succeeds.
CREATE FUNCTION "reserve_attempts"(
  "p_now" timestamptz,
  "p_checks" jsonb,
  "p_known_key" text,
  "p_unknown_checks" jsonb
) RETURNS TABLE ("retry_after_ms" double precision, "known" boolean, "waits" jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_phase integer;
  v_check jsonb;
  v_counted record;
BEGIN
  retry_after_ms := 0;
  known := false;
  waits := '[]'::jsonb;
  BEGIN
    FOR v_phase IN 1..2 LOOP
      IF v_phase = 2 THEN
        EXIT WHEN p_known_key IS NULL;
        known := EXISTS (SELECT 1 FROM login_attempts a WHERE a.key = p_known_key AND a.window_start > p_now);
        EXIT WHEN known;
      END IF;
      FOR v_check IN
        SELECT value FROM jsonb_array_elements(CASE v_phase WHEN 1 THEN p_checks ELSE p_unknown_checks END)
      LOOP
        SELECT * INTO v_counted FROM count_attempt(p_now, v_check);
        retry_after_ms := greatest(retry_after_ms, v_counted.refused_ms);
        IF v_counted.wait_until IS NOT NULL THEN
          waits := waits || jsonb_build_array(
            jsonb_build_object('key', v_check->>'wait_key', 'until', v_counted.wait_until));
        END IF;
      END LOOP;
    END LOOP;
    IF retry_after_ms > 0 THEN
      RAISE SQLSTATE 'LZ429';
    END IF;
  EXCEPTION WHEN SQLSTATE 'LZ429' THEN
    -- Everything the block counted is undone; the variables keep their values.
    waits := '[]'::jsonb;
  END;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
DROP FUNCTION "login_backoff_bump"(text, timestamptz, timestamptz, text);
