-- Issue 31 item 9: the global search's second typo matcher (modules/search/service.ts): a product whose word is
-- one or two edits from the query ("cooper" → "Copper", a wrong letter inside a short word, which trigram
-- similarity misses). PGlite ships fuzzystrmatch in its contrib bundle (db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
