import { type Migration, sql } from "kysely";

/**
 * The day keys of an offer's `created_at` in the search index: its UTC day (days since
 * 2000-01-01), its 8-day block and its 64-day block, each level offset so the three never collide.
 * A window of whole days is looked up as a few blocks instead of one key per day.
 */
function dayKeys(createdAt: string): string {
  const day = `((${createdAt} at time zone 'UTC')::date - date '2000-01-01')`;
  return `array[${day}, 100000 + ${day} / 8, 200000 + ${day} / 64]`;
}

/** What the catalog shows, on the alias `o`. */
const IN_CATALOG = `o.status = 'active' and o.deleted_at is null`;

/** The other filters of a search page on the offer alias `t`, each skipped when its parameter is null. */
function filters(t: string): string {
  return `(service is null or ${t}.service_type = service)
          and (min_price is null or ${t}.monthly_price >= min_price)
          and (max_price is null or ${t}.monthly_price <= max_price)`;
}

/** Available at `zip` (or no ZIP asked), for the offer `id`: as the repository's page form. */
function availableAt(id: string): string {
  return `(zip is null or coalesce((
            select bool_or(a.id is not null) from offer_markets om
            left join market_areas a on a.market_id = om.market_id and a.kind = 'zip' and a.value = zip
            where om.offer_id = ${id}), true))`;
}

/**
 * A page of the reseller catalog's search, newest first, that reads as few offers as it can (issue 8):
 *
 * - The trigram index becomes `(search_text trigrams, day keys)`: a GIN over both columns, so one
 *   lookup answers "offers matching the term created on these days" without reading the others.
 * - `catalog_search_page` walks the newest offers first (its matches are the page's first rows,
 *   and what it sees prices the ways on), then either walks on, looks the term up in windows of
 *   whole days going back in time until the page is full, or fetches every remaining match. It is
 *   PL/pgSQL so its statements are planned once per connection (generic plans: the SQL itself
 *   decides, never a row estimate) and the caller's statement stays small.
 *
 * See `PostgresCatalogRepository.searchPage`, ADR-0012 and ADR-0013.
 */
export const catalogSearchWindows: Migration = {
  async up(db) {
    await sql
      .raw(`
      create index offers_catalog_search_days on offers
        using gin (search_text gin_trgm_ops, (${dayKeys("created_at")}))
        where status = 'active' and deleted_at is null;
      drop index offers_catalog_search;

      create function catalog_search_page(
        term text,                    -- the search term, LIKE wildcards escaped, not lowercased
        wanted integer,               -- rows wanted (page size + 1)
        after_id uuid,                -- the keyset cursor's offer, or null
        service text,                 -- the other filters, or null
        min_price numeric,
        max_price numeric,
        zip text,
        indexable boolean,            -- the term has a trigram to look up
        sample_rows integer,          -- the first walk's length
        match_cost double precision   -- a match fetched through the index, in walked offers
      ) returns table (offer_id uuid)
      language plpgsql stable rows 21
      -- planned once per connection, without the parameters' values; never a scan of every offer
      set plan_cache_mode = force_generic_plan
      set enable_seqscan = off
      as $fn$
      declare
        pattern constant text := '%' || lower(term) || '%';
        -- the keyset position: offers strictly older than (bound_at, bound_id) are still to read
        bound_at timestamptz := 'infinity';
        bound_id uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff';
        chunk integer := sample_rows;
        got integer := 0;             -- rows returned so far
        walked integer := 0;          -- offers walked so far
        term_hits integer := 0;       -- term matches seen so far (other filters aside)
        newest_at timestamptz;
        keep_ids uuid[];
        walked_ids uuid[];
        chunk_newest timestamptz;
        n integer;
        catalog_rows double precision;
        covered double precision;     -- offers read or skipped so far (estimated past the walk)
        term_density double precision;
        rows_needed double precision; -- offers a walk would still read to fill the page
        per_day double precision;     -- catalog offers per day near the position
        window_matches double precision;
        span integer;                 -- days of the next window
        level integer;                -- its block length in days: 1, 8 or 64
        top integer;                  -- its newest day
        lo integer;                   -- its oldest day
        cur integer;
        oldest integer;
        keys integer[];
      begin
        if after_id is not null then
          select o.created_at, o.id into bound_at, bound_id from offers o
          where o.id = after_id and ${IN_CATALOG};
          if not found then
            return;
          end if;
        end if;

        -- 1. Walk the newest offers in chunks; the matches that pass the filters are the page's rows.
        loop
          select array_agg(w.id order by w.created_at desc, w.id desc) filter (where w.keep),
            array_agg(w.id order by w.created_at desc, w.id desc),
            count(*) filter (where w.hit), max(w.created_at), min(w.created_at)
          into keep_ids, walked_ids, n, chunk_newest, bound_at
          from (
            select v.id, v.created_at, v.hit, v.hit and ${filters("v")}
              and ${availableAt("v.id")} as keep
            from (
              select o.id, o.created_at, o.service_type, o.monthly_price, o.search_text like pattern as hit
              from offers o
              where ${IN_CATALOG} and (o.created_at, o.id) < (bound_at, bound_id)
              order by o.created_at desc, o.id desc
              limit chunk
            ) as v
          ) as w;
          if keep_ids is not null then
            return query select unnest(keep_ids[1:wanted - got]);
            got := least(got + cardinality(keep_ids), wanted);
          end if;
          if got = wanted or coalesce(cardinality(walked_ids), 0) < chunk then
            return; -- the page is full, or the catalog is walked to its end
          end if;
          bound_id := walked_ids[cardinality(walked_ids)];
          if walked = 0 then
            newest_at := chunk_newest;
          end if;
          walked := walked + chunk;
          term_hits := term_hits + n;
          if indexable then
            if catalog_rows is null then
              select greatest(c.reltuples, 1) into catalog_rows from pg_class c
              where c.oid = 'offers_catalog_created_at_id'::regclass;
            end if;
            -- In walked offers: walking on reads rows_needed; a window costs its index lookup (about
            -- 50 fetched matches: 0.1 ms for a one-trigram term) and its matches; the rest, a lookup
            -- and every remaining match.
            term_density := greatest(term_hits, 0.5) / walked;
            rows_needed := (wanted - got) * walked / greatest(got, 0.5);
            per_day := walked * 86400.0 / greatest(extract(epoch from newest_at - bound_at), 1);
            window_matches := term_density * greatest(1.5 * rows_needed, per_day);
            exit when rows_needed > match_cost * (50 + least(window_matches, term_density * catalog_rows));
            chunk := least(greatest(ceil(1.25 * rows_needed), sample_rows), 8192);
          else
            chunk := least(chunk * 2, 8192);
          end if;
        end loop;

        -- 2. Windows of whole days, newest first: the matches of each, sorted, until the page is
        --    full or fetching every remaining match looks cheaper than another window.
        covered := walked;
        top := (bound_at at time zone 'UTC')::date - date '2000-01-01';
        span := least(greatest(ceil(1.5 * rows_needed / per_day), 1), 100000);
        select (min(o.created_at) at time zone 'UTC')::date - date '2000-01-01' into oldest
        from offers o where ${IN_CATALOG};
        loop
          level := case when span >= 32 then 64 when span >= 4 then 8 else 1 end;
          lo := greatest(top - span + 1, oldest);
          lo := lo - ((lo % level) + level) % level;
          if covered = walked then
            top := top - ((top % level) + level) % level + level - 1; -- newer days: already walked
          end if;
          if top < oldest then
            return; -- no older offer
          end if;
          exit when term_density * (catalog_rows - covered) <= 50 + window_matches;
          keys := '{}';
          cur := top;
          while cur >= lo loop
            if cur % 64 = 63 and cur - 63 >= lo then
              keys := keys || (200000 + cur / 64);
              cur := cur - 64;
            elsif cur % 8 = 7 and cur - 7 >= lo then
              keys := keys || (100000 + cur / 8);
              cur := cur - 8;
            else
              keys := keys || cur;
              cur := cur - 1;
            end if;
          end loop;
          select array_agg(w.id order by w.created_at desc, w.id desc) filter (where w.keep), count(*)
          into keep_ids, n
          from (
            select o.id, o.created_at, ${filters("o")} and ${availableAt("o.id")} as keep
            from offers o
            where ${IN_CATALOG} and o.search_text like pattern and ${dayKeys("o.created_at")} && keys
              and (o.created_at, o.id) < (bound_at, bound_id)
              -- the window exactly (the keys only narrow the lookup)
              and o.created_at >= (date '2000-01-01' + lo)::timestamp at time zone 'UTC'
              and o.created_at < (date '2000-01-01' + top + 1)::timestamp at time zone 'UTC'
          ) as w;
          if keep_ids is not null then
            return query select unnest(keep_ids[1:wanted - got]);
            got := least(got + cardinality(keep_ids), wanted);
            if got = wanted then
              return;
            end if;
          end if;
          covered := covered + (least(top, (bound_at at time zone 'UTC')::date - date '2000-01-01') - lo + 1) * per_day;
          term_hits := term_hits + n;
          term_density := greatest(term_hits, 0.5) / covered;
          top := lo - 1;
          span := least(span * 2, 100000);
          window_matches := term_density * span * per_day;
        end loop;

        -- 3. The rest: every remaining match older than the windows, sorted, the filters last.
        return query select w.id from (
            select o.id, o.created_at from offers o
            where ${IN_CATALOG} and o.search_text like pattern and ${filters("o")}
              and (o.created_at, o.id) < (bound_at, bound_id)
              and o.created_at < (date '2000-01-01' + top + 1)::timestamp at time zone 'UTC'
            order by o.created_at desc, o.id desc
            offset 0
          ) as w
          where ${availableAt("w.id")}
          limit wanted - got;
      end
      $fn$;
    `)
      .execute(db);
  },
};
